// jemalloc's settings for the server, read by jemalloc at start (its documented
// `malloc_conf` variable; ignored when the server runs on another allocator). A
// background thread purges freed pages that have been unused for a second, so memory
// freed when hostile or slow clients are closed goes back to the system even while the
// server is idle (by default jemalloc waits 10 s, and purges only as its arenas are used
// again). MALLOC_CONF in the environment overrides these.
extern "C" {
// NOLINTNEXTLINE: the name jemalloc looks for
extern const char* malloc_conf;
const char* malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0";
}
