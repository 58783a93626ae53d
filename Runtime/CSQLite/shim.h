// SQLite for the store's image (system package libsqlite3-dev).
#include <sqlite3.h>
