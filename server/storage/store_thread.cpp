#include "storage/store_thread.hpp"

namespace bh::storage {

namespace {
thread_local bool store_thread = false;
}

bool on_store_thread() noexcept { return store_thread; }
void mark_store_thread() noexcept { store_thread = true; }

}  // namespace bh::storage
