// The operator's tournaments (--tournament-schedule): the file read and checked, each
// entry's next start, the ids that make each tournament once; and the director keeping
// one announced per plan, again after a restart.
#include "app/tournaments/tournament_schedule.hpp"

#include "../harness.hpp"
#include "storage/tournaments.hpp"

namespace bh::app::test {
namespace {

constexpr std::int64_t kNow = 1'796'000'000'000;  // 2026-11-29T...Z

std::string plans_error(const std::string& text) {
  auto plans = read_tournament_plans(text, false, kNow);
  return plans ? std::string() : plans.error();
}

const char* kArena = R"({"name": "Hourly arena", "format": "arena", "game": "brandubh",
                         "clock": {"initial_s": 180, "increment_s": 2}, "duration_min": 45)";

TEST(TournamentSchedule, AFileOfTournamentsIsReadOnceAndRepeatedOnes) {
  auto plans = read_tournament_plans(std::string("[") + kArena + R"(, "key": "hourly", "every_min": 60},)" + kArena +
                                         R"(, "key": "winter-cup", "starts": "2026-12-20T18:00Z"}])",
                                     false, kNow);
  ASSERT_TRUE(plans) << plans.error();
  ASSERT_EQ(plans->size(), 2u);
  EXPECT_EQ((*plans)[0].key, "hourly");
  EXPECT_EQ((*plans)[0].every_ms, 3'600'000);
  EXPECT_EQ((*plans)[0].request.game, "brandubh");
  EXPECT_EQ((*plans)[1].starts_ms, 1'797'789'600'000);  // 2026-12-20T18:00:00Z
  EXPECT_EQ(planned_tournament_id((*plans)[1], (*plans)[1].starts_ms), "twinter-cup-202612201800");
  EXPECT_TRUE(is_planned_by((*plans)[1], "twinter-cup-202612201800"));
  EXPECT_FALSE(is_planned_by((*plans)[0], "twinter-cup-202612201800"));
  EXPECT_FALSE(is_planned_by((*plans)[0], "thourly-2026122018"));
}

TEST(TournamentSchedule, ARepeatedOneStartsOnItsPeriodsNextBoundaryAMinuteAheadAtLeast) {
  TournamentPlan hourly;
  hourly.key = "h";
  hourly.every_ms = 3'600'000;
  EXPECT_EQ(next_planned_start(hourly, 7'200'000), 10'800'000);
  EXPECT_EQ(next_planned_start(hourly, 10'740'000), 14'400'000);  // 59:00: the next but one
  EXPECT_EQ(next_planned_start(hourly, 10'739'999), 10'800'000);
  TournamentPlan once;
  once.key = "o";
  once.starts_ms = 5000;
  EXPECT_EQ(next_planned_start(once, 4999), 5000);
  EXPECT_FALSE(next_planned_start(once, 5000));  // past: never made again
}

TEST(TournamentSchedule, EveryMistakeInTheFileIsNamedWithItsEntry) {
  EXPECT_NE(plans_error("{}").find("a JSON array"), std::string::npos);
  EXPECT_NE(plans_error("[1").find("a JSON array"), std::string::npos);
  EXPECT_NE(plans_error("[1]").find("tournament 1: is not an object"), std::string::npos);
  const std::string arena = kArena;
  EXPECT_NE(plans_error("[" + arena + R"(, "every_min": 60}])").find("needs a \"key\""), std::string::npos);
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "Big Cup", "every_min": 60}])").find("needs a \"key\""),
            std::string::npos);
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "a"}])").find("either \"starts\""), std::string::npos);
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "a", "every_min": 60, "starts": "2026-12-20T18:00Z"}])")
                .find("either \"starts\""),
            std::string::npos);
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "a", "every_min": 5}])").find("from 10 to 10080"), std::string::npos);
  for (const char* bad : {"2026-12-20 18:00", "2026-02-30T18:00Z", "2026-12-20T18:00:30Z", "2026-12-20T18:00Zx", "x"})
    EXPECT_NE(plans_error("[" + arena + R"(, "key": "a", "starts": ")" + bad + "\"}]").find("UTC time"),
              std::string::npos)
        << bad;
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "a", "every_min": 60, "starts_ms": 5}])").find("not \"starts_ms\""),
            std::string::npos);
  EXPECT_NE(plans_error(R"([{"key": "a", "every_min": 60, "name": "X", "format": "arena", "game": "chess"}])")
                .find("tournament 1 (a): "),
            std::string::npos);
  EXPECT_NE(
      plans_error("[" + arena + R"(, "key": "a", "every_min": 60},)" + arena + R"(, "key": "a", "every_min": 30}])")
          .find("tournament 2 (a): its key is used twice"),
      std::string::npos);
  EXPECT_NE(plans_error("[" + arena + R"(, "key": "a", "every_min": 60, "rounds": "five"}])").find("tournament 1 (a)"),
            std::string::npos);
}

class TournamentScheduleInTheServer : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.tournaments = dynamic_cast<storage::Tournaments*>(&store_->inner());
    auto plans =
        read_tournament_plans(std::string("[") + kArena + R"(, "key": "hourly", "every_min": 60}])", false, 1'000'000);
    EXPECT_TRUE(plans);
    c.tournament_plans = std::make_shared<const std::vector<TournamentPlan>>(std::move(*plans));
    return c;
  }
  json upcoming() {
    json listed;
    for (int i = 0; i < 50; ++i) {
      listed = json::parse(http("/api/tournaments").body);
      if (!listed["upcoming"].empty()) break;
      std::this_thread::sleep_for(20ms);
    }
    return listed["upcoming"];
  }
};

TEST_F(TournamentScheduleInTheServer, OneIsAnnouncedPerPlanAndNotAgainAfterARestart) {
  json listed = upcoming();
  ASSERT_EQ(listed.size(), 1u) << listed.dump();
  const std::string id = listed[0]["tournament_id"];
  EXPECT_EQ(id.rfind("thourly-", 0), 0u) << id;
  EXPECT_EQ(listed[0]["starts_ms"].get<std::int64_t>() % 3'600'000, 0);
  EXPECT_EQ(listed[0]["creator"], "");
  close_app();
  open_app();
  listed = upcoming();
  ASSERT_EQ(listed.size(), 1u) << listed.dump();
  EXPECT_EQ(listed[0]["tournament_id"], id);
  // A player may join it, not start it: it starts at its time.
  Client& alice = client();
  alice.send({{"type", "register"}, {"name", "alice"}, {"password", "correct horse battery"}, {"id", 1}});
  ASSERT_EQ(alice.reply(1, 30s)["type"], "identity");
  alice.send({{"type", "join_tournament"}, {"tournament_id", id}, {"id", 2}});
  EXPECT_FALSE(alice.next_if("tournament", [](const json& m) { return m.value("id", 0) == 2; }).is_null());
  EXPECT_EQ(alice.error_of({{"type", "start_tournament"}, {"tournament_id", id}}, 3), "not_creator");
}

}  // namespace
}  // namespace bh::app::test
