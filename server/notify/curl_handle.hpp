// Owners for libcurl's handles, shared by the senders' .cpp files (never included by a
// header: the public headers show no curl).
//
// Thread-safety: an easy handle belongs to one thread at a time.
#pragma once

#include <curl/curl.h>

#include <memory>

namespace bh::notify {

struct CurlFree {
  void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using CurlEasy = std::unique_ptr<CURL, CurlFree>;
using CurlList = std::unique_ptr<curl_slist, CurlFree>;

// Appends `line` to `list` (curl copies it); false when curl could not allocate.
inline bool append(CurlList& list, const char* line) {
  curl_slist* grown = curl_slist_append(list.get(), line);
  if (grown == nullptr) return false;
  (void)list.release();  // curl returns the same head, or the first node of a new list
  list.reset(grown);
  return true;
}

}  // namespace bh::notify
