// The Docker HEALTHCHECK probe: GET an http:// URL with a 5 s deadline (there is no curl
// in the image). Exit status 0 when the answer is 200, else 1 with one line on stderr.
//
// Thread-safety: blocking; call from main only.
#pragma once

#include <chrono>
#include <string>

namespace bh::net {

int run_health_probe(const std::string& url, std::chrono::milliseconds timeout = std::chrono::seconds(5));

}  // namespace bh::net
