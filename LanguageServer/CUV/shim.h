// libuv for baton-lsp's event loop (system package libuv1-dev).
#include <uv.h>
