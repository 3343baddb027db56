// The terminal's moderation commands against the real server (docs/protocol.md,
// "Moderation"): an admin made by the operator's --grant-role, a player who blocks and
// reports another, the admin who lists the reports and bans the reported player, whose
// terminal is disconnected and whose next login is refused; the audit log shows the ban.
#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <sstream>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

// The first line of `transcript` that starts with `prefix` and has every one of `parts`;
// empty when none does.
std::string line_with(const std::string& transcript, std::string_view prefix,
                      std::initializer_list<std::string_view> parts = {}) {
  std::istringstream in(transcript);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with(prefix)) continue;
    bool all = true;
    for (auto part : parts) all = all && line.find(part) != std::string::npos;
    if (all) return line;
  }
  return {};
}

TEST(ModerationTerminal, APlayerBlocksAndReportsAnAdminBansTheReportedPlayerAndTheAuditLogSaysSo) {
  ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  TempDir config;
  auto client = [&](const std::string& name, const std::string& mode, const std::string& url) {
    return std::make_unique<ClientProcess>(std::vector<std::string>{"connect", url, mode, name, "--fresh"},
                                           std::vector<std::string>{"XDG_CONFIG_HOME=" + config.path() + "/" + name,
                                                                    "BOARDHALL_PASSWORD=correct horse battery"});
  };

  // olga's account first; the operator makes her an admin with the server stopped.
  {
    auto olga = client("olga", "--register", "ws://127.0.0.1:" + std::to_string(server.port()));
    ASSERT_NE(olga->expect("ok connect player=olga registered=yes", 30s), "") << olga->transcript();
    EXPECT_EQ(olga->transcript().find("role="), std::string::npos) << olga->transcript();  // a player, so far
    olga->close_stdin();
    EXPECT_EQ(olga->wait_exit(), 0) << olga->transcript();
  }
  ASSERT_EQ(server.stop(), 0) << server.log();
  const auto granted =
      run_command({real_server_binary(), "--db", server.db_path(), "--grant-role", "olga", "admin"}, 30s);
  ASSERT_EQ(granted.status, 0) << granted.output;
  ASSERT_TRUE(server.restart()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());

  auto olga = client("olga", "--login", url);
  const std::string connected = olga->expect("ok connect player=olga", 30s);
  ASSERT_NE(connected, "") << olga->transcript();
  EXPECT_EQ(field(connected, "role"), "admin") << connected;
  auto ann = client("ann", "--register", url);
  auto mallory = client("mallory", "--register", url);
  ASSERT_NE(ann->expect("ok connect player=ann registered=yes", 30s), "") << ann->transcript();
  ASSERT_NE(mallory->expect("ok connect player=mallory registered=yes", 30s), "") << mallory->transcript();

  // ann blocks mallory: mallory's challenge is refused, and the block is listed.
  EXPECT_TRUE(ann->command("block mallory", "block").starts_with("ok block")) << ann->transcript();
  EXPECT_TRUE(ann->command("blocks", "blocks").starts_with("ok blocks blocks=1")) << ann->transcript();
  EXPECT_NE(line_with(ann->transcript(), "data blocked name=mallory"), "") << ann->transcript();
  EXPECT_TRUE(mallory->command("challenge ann tablut", "challenge").starts_with("error challenge code=blocked"))
      << mallory->transcript();
  EXPECT_TRUE(ann->command("block nobody", "block").starts_with("error block code=not_found")) << ann->transcript();
  // A reason the protocol does not know is refused before anything is sent.
  EXPECT_TRUE(ann->command("report mallory rude", "report").starts_with("error report code=bad_command"))
      << ann->transcript();

  // ann reports mallory; only a moderator may list reports.
  EXPECT_TRUE(ann->command("report mallory abuse threats in chat", "report").starts_with("ok report"))
      << ann->transcript();
  EXPECT_TRUE(ann->command("reports", "reports").starts_with("error reports code=forbidden")) << ann->transcript();
  EXPECT_TRUE(ann->command("mod ban mallory because", "mod").starts_with("error mod code=forbidden"))
      << ann->transcript();
  EXPECT_TRUE(olga->command("reports", "reports").starts_with("ok reports reports=1")) << olga->transcript();
  const std::string report =
      line_with(olga->transcript(), "data report ", {"reporter=ann", "target=mallory", "reason=abuse"});
  ASSERT_NE(report, "") << olga->transcript();
  EXPECT_EQ(field(report, "text"), "threats in chat") << report;
  EXPECT_EQ(field(report, "closed_by"), "") << report;
  const std::string report_id = field(report, "report_id");
  ASSERT_FALSE(report_id.empty()) << report;

  // The ban: mallory's connection closes, and her next login is refused.
  const std::string banned = olga->command("mod ban mallory threats in chat (report " + report_id + ")", "mod");
  ASSERT_TRUE(banned.starts_with("ok mod action=ban target=mallory")) << olga->transcript();
  EXPECT_NE(mallory->expect("event closed", 15s), "") << mallory->transcript();
  EXPECT_EQ(mallory->wait_exit(), 1) << mallory->transcript();
  auto again = client("mallory", "--login", url);
  const std::string refused = again->expect("error connect", 30s);
  EXPECT_TRUE(refused.starts_with("error connect code=banned")) << again->transcript();
  EXPECT_EQ(again->wait_exit(), 2) << again->transcript();

  // The report is closed, and the audit log has the ban, newest first.
  EXPECT_TRUE(olga->command("mod close_report " + report_id + " handled: banned", "mod")
                  .starts_with("ok mod action=close_report target=" + report_id))
      << olga->transcript();
  EXPECT_TRUE(olga->command("reports", "reports").starts_with("ok reports reports=0")) << olga->transcript();
  EXPECT_TRUE(olga->command("reports --all", "reports").starts_with("ok reports reports=1")) << olga->transcript();
  EXPECT_NE(line_with(olga->transcript(), "data report ", {"closed_by=olga"}), "") << olga->transcript();

  const std::string shown = olga->command("moderation", "moderation");
  ASSERT_TRUE(shown.starts_with("ok moderation")) << olga->transcript();
  EXPECT_EQ(field(shown, "sanctions"), "1") << shown;
  EXPECT_NE(line_with(olga->transcript(), "data staff name=olga role=admin"), "") << olga->transcript();
  EXPECT_NE(line_with(olga->transcript(), "data sanction name=mallory kind=ban until="), "") << olga->transcript();
  const std::string audit = line_with(olga->transcript(), "data audit ", {"moderator=olga", "action=ban"});
  ASSERT_NE(audit, "") << olga->transcript();
  EXPECT_EQ(field(audit, "target"), "mallory") << audit;
  EXPECT_EQ(field(audit, "reason"), "threats in chat (report " + report_id + ")") << audit;
  // Newest first: the close_report came after the ban.
  const std::string newest = line_with(olga->transcript(), "data audit ");
  EXPECT_EQ(field(newest, "action"), "close_report") << olga->transcript();
}

}  // namespace
}  // namespace bh::test
