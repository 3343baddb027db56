// The Content-Type of a file of the web client, by its extension.
//
// Thread-safety: pure function.
#pragma once

#include <string_view>

namespace bh::web {

// "text/javascript; charset=utf-8" for "js/app/main.js"; text types carry the charset
// (the client's files are UTF-8). An extension not listed is application/octet-stream,
// which, with X-Content-Type-Options: nosniff, no browser runs or renders.
std::string_view mime_type(std::string_view file_name);

// True for the types answered with the page's Content-Security-Policy.
bool is_html(std::string_view content_type);

}  // namespace bh::web
