// libcurl's process-wide initialisation, done once for every sender in this folder.
//
// Thread-safety: any thread; the first call initialises, later ones wait for it.
#pragma once

namespace bh::notify {

// Calls curl_global_init(CURL_GLOBAL_DEFAULT) once. curl_global_init is not thread-safe
// itself (before 7.84), so every use of curl here calls this first instead.
void ensure_curl_global();

}  // namespace bh::notify
