#include "web/embedded_site.hpp"

#include <algorithm>

#include "web/embedded_files.hpp"

namespace bh::web {
namespace {

class EmbeddedSite final : public Site {
 public:
  std::optional<SiteFile> find(std::string_view name) const override {
    const auto files = embedded_files();
    const auto it = std::lower_bound(files.begin(), files.end(), name,
                                     [](const EmbeddedFile& file, std::string_view key) { return file.name < key; });
    if (it == files.end() || it->name != name) return std::nullopt;
    return SiteFile{it->content, nullptr, std::string(it->etag)};
  }
};

}  // namespace

std::shared_ptr<const Site> embedded_site() { return std::make_shared<EmbeddedSite>(); }

}  // namespace bh::web
