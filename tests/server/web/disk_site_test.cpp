#include "web/disk_site.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace bh::web {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, std::string_view content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
}

// A temporary folder with a site in it (site/) and a secret beside it (outside/).
class DiskSiteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "bh-disk-site-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    base_ = pattern;
    root_ = base_ / "site";
    write_file(root_ / "index.html", "<p>page</p>");
    write_file(root_ / "js" / "a.js", "export const a = 1;");
    write_file(base_ / "outside" / "secret.txt", "SECRET");
    std::string error;
    site_ = disk_site(root_.string(), error);
    ASSERT_TRUE(site_) << error;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(base_, ec);
  }

  fs::path base_;
  fs::path root_;
  std::shared_ptr<const Site> site_;
};

TEST_F(DiskSiteTest, ServesFilesWithTheTagOfTheirContent) {
  const auto file = site_->find("js/a.js");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->content, "export const a = 1;");
  EXPECT_EQ(file->etag, content_etag("export const a = 1;"));
}

TEST_F(DiskSiteTest, AnEditShowsAtTheNextRead) {
  const auto before = site_->find("index.html");
  ASSERT_TRUE(before);
  write_file(root_ / "index.html", "<p>edited</p>");
  const auto after = site_->find("index.html");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->content, "<p>edited</p>");
  EXPECT_NE(after->etag, before->etag);
  EXPECT_EQ(before->content, "<p>page</p>");  // the first answer's bytes are its own
  write_file(root_ / "new.css", "b{}");
  EXPECT_TRUE(site_->find("new.css"));
}

TEST_F(DiskSiteTest, FoldersAndMissingFilesAreNotFiles) {
  EXPECT_FALSE(site_->find("js"));
  EXPECT_FALSE(site_->find("missing.js"));
  EXPECT_FALSE(site_->find("js/missing.js"));
}

TEST_F(DiskSiteTest, NothingOutsideTheRootEvenForNamesThePathCheckWouldRefuse) {
  EXPECT_FALSE(site_->find("../outside/secret.txt"));
  EXPECT_FALSE(site_->find((base_ / "outside" / "secret.txt").string()));  // absolute
  EXPECT_FALSE(site_->find(""));
  EXPECT_FALSE(site_->find("."));
}

TEST_F(DiskSiteTest, SymlinksLeavingTheRootAreRefused) {
  fs::create_symlink(base_ / "outside" / "secret.txt", root_ / "secret.txt");
  fs::create_directory_symlink(base_ / "outside", root_ / "out");
  fs::create_symlink("../../outside/secret.txt", root_ / "js" / "rel.txt");
  EXPECT_FALSE(site_->find("secret.txt"));
  EXPECT_FALSE(site_->find("out/secret.txt"));
  EXPECT_FALSE(site_->find("js/rel.txt"));
  // One that stays inside is followed.
  fs::create_symlink("a.js", root_ / "js" / "alias.js");
  const auto alias = site_->find("js/alias.js");
  ASSERT_TRUE(alias);
  EXPECT_EQ(alias->content, "export const a = 1;");
}

TEST_F(DiskSiteTest, OnlyRegularFilesUpToTheLimit) {
  ASSERT_EQ(::mkfifo((root_ / "pipe").c_str(), 0600), 0);
  EXPECT_FALSE(site_->find("pipe"));  // and does not hang
  fs::resize_file((write_file(root_ / "big.bin", ""), root_ / "big.bin"), kMaxDiskFileBytes + 1);
  EXPECT_FALSE(site_->find("big.bin"));
  fs::resize_file(root_ / "big.bin", kMaxDiskFileBytes);
  const auto at_limit = site_->find("big.bin");
  ASSERT_TRUE(at_limit);
  EXPECT_EQ(at_limit->content.size(), kMaxDiskFileBytes);
}

TEST_F(DiskSiteTest, TheRootMayBeASymlinkOrRelative) {
  fs::create_directory_symlink(root_, base_ / "link");
  std::string error;
  const auto linked = disk_site((base_ / "link").string(), error);
  ASSERT_TRUE(linked) << error;
  EXPECT_TRUE(linked->find("js/a.js"));
  EXPECT_FALSE(linked->find("../outside/secret.txt"));

  const auto cwd = fs::current_path();
  fs::current_path(base_);
  const auto relative = disk_site("site/", error);
  fs::current_path(cwd);
  ASSERT_TRUE(relative) << error;
  EXPECT_TRUE(relative->find("index.html"));
}

TEST_F(DiskSiteTest, ARootThatIsNoFolderIsAnError) {
  std::string error;
  EXPECT_FALSE(disk_site((base_ / "nothing").string(), error));
  EXPECT_NE(error.find("--web-root"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(disk_site((root_ / "index.html").string(), error));
  EXPECT_NE(error.find("not a folder"), std::string::npos) << error;
}

}  // namespace
}  // namespace bh::web
