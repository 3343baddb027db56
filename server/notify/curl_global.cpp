#include "notify/curl_global.hpp"

#include <curl/curl.h>

namespace bh::notify {

void ensure_curl_global() {
  // A function-local static: C++ guarantees one initialisation even under concurrent
  // calls. Never cleaned up: the senders may run until the process exits.
  static const CURLcode init = curl_global_init(CURL_GLOBAL_DEFAULT);
  (void)init;  // a failure shows again as curl_easy_init() returning null
}

}  // namespace bh::notify
