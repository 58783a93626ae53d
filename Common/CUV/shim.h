// libuv (system package libuv1-dev): baton-lsp's event loop and BatonSockets' TCP sockets.
#include <uv.h>
