// The web client built into the server (web/public at build time): what boardhall-server
// serves unless --web-root names a folder.
//
// Thread-safety: immutable; safe from any thread.
#pragma once

#include <memory>

#include "web/site.hpp"

namespace bh::web {

std::shared_ptr<const Site> embedded_site();

}  // namespace bh::web
