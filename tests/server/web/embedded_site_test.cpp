// The files built into the server are web/public's as it is now (the build regenerates
// the table when a file changes, is added or removed), each with the tag of its bytes.
#include "web/embedded_site.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "web/disk_site.hpp"
#include "web/embedded_files.hpp"

namespace bh::web {
namespace {

namespace fs = std::filesystem;

TEST(EmbeddedSite, TheTableIsSortedAndTagged) {
  const auto files = embedded_files();
  ASSERT_FALSE(files.empty());
  EXPECT_TRUE(std::is_sorted(files.begin(), files.end(),
                             [](const EmbeddedFile& a, const EmbeddedFile& b) { return a.name < b.name; }));
  for (const auto& file : files) EXPECT_EQ(file.etag, content_etag(file.content)) << file.name;
}

TEST(EmbeddedSite, HoldsEveryFileOfWebPublicByteForByte) {
  const fs::path root = BOARDHALL_WEB_PUBLIC;
  const auto site = embedded_site();
  std::size_t on_disk = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = fs::relative(entry.path(), root).generic_string();
    // What server.cmake leaves out: dot-files (and what is under dot-folders), editor backups.
    if (name.starts_with('.') || name.find("/.") != std::string::npos || name.ends_with('~')) continue;
    ++on_disk;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const auto file = site->find(name);
    ASSERT_TRUE(file) << name << " is not built in: rebuild";
    EXPECT_EQ(file->content, bytes.str()) << name;
  }
  EXPECT_EQ(on_disk, embedded_files().size());
  EXPECT_TRUE(site->find("index.html"));
  EXPECT_TRUE(site->find("favicon.svg"));
  EXPECT_FALSE(site->find("missing.js"));
  EXPECT_FALSE(site->find(""));
}

}  // namespace
}  // namespace bh::web
