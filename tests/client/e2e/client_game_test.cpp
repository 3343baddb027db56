// The real `boardhall connect`, scripted through pipes, against the real server: two
// players play a tablut game to the end, a third client watches, the archive lists the
// game, replay steps through it and export writes its record file.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "client_process.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

// Defenders win by king escape in 8 plies (checked with `boardhall play`).
const std::vector<std::string> kEscape = {"a4-a3", "f5-f8", "a3-a4", "e5-f5", "a4-a3", "f5-f7", "a3-a4", "f7-i7"};

class ClientGame : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
    ASSERT_TRUE(server_.start()) << server_.log();
    url_ = "ws://127.0.0.1:" + std::to_string(server_.port());
  }
  std::unique_ptr<ClientProcess> client(const std::string& name, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"connect", url_, "--name", name};
    args.insert(args.end(), extra.begin(), extra.end());
    // One config folder per player, as if each ran on their own account.
    auto c = std::make_unique<ClientProcess>(
        args, std::vector<std::string>{"XDG_CONFIG_HOME=" + config_.path() + "/" + name});
    return c;
  }

  ServerProcess server_;
  TempDir config_;
  std::string url_;
};

TEST_F(ClientGame, TwoPlayersFinishAGameAWatcherSeesItArchiveAndReplay) {
  auto alice = client("alice");
  auto bob = client("bob");
  ASSERT_NE(alice->expect("ok connect"), "") << alice->transcript();
  ASSERT_NE(bob->expect("ok connect"), "") << bob->transcript();

  const std::string created = alice->command("create tablut --side first --clock 5+2", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << alice->transcript();
  const std::string room = field(created, "room");
  ASSERT_FALSE(room.empty()) << created;

  const std::string rooms = bob->command("rooms", "rooms");
  EXPECT_EQ(rooms, "ok rooms rooms=1 games=0") << bob->transcript();
  EXPECT_NE(bob->transcript().find("data room room=" + room + " game=tablut"), std::string::npos) << bob->transcript();

  const std::string joined = bob->command("join " + room, "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string game = field(joined, "game");
  EXPECT_EQ(field(joined, "you"), "second");
  ASSERT_TRUE(alice->command("wait game 10", "wait").starts_with("ok wait")) << alice->transcript();

  auto carol = client("carol");
  ASSERT_NE(carol->expect("ok connect"), "") << carol->transcript();
  const std::string watching = carol->command("watch " + game, "watch");
  ASSERT_TRUE(watching.starts_with("ok watch")) << carol->transcript();
  EXPECT_EQ(field(watching, "ply"), "0");

  // A move out of turn and an illegal move are refused here, with the rules' reason.
  EXPECT_EQ(bob->command("f5-f8", "move"), "error move code=not_your_turn message=\"it is alice (attackers)'s turn\"");
  const std::string illegal = alice->command("a4-b5", "move");
  EXPECT_TRUE(illegal.starts_with("error move code=illegal_move")) << illegal;

  for (std::size_t i = 0; i < kEscape.size(); ++i) {
    ClientProcess& mover = i % 2 == 0 ? *alice : *bob;
    ASSERT_TRUE(mover.command("wait turn 10", "wait").starts_with("ok wait")) << mover.transcript();
    if (i == 2) {  // the watcher's arrival came before bob's move: the header counts carol
      ASSERT_TRUE(alice->command("board", "board").starts_with("ok board")) << alice->transcript();
      EXPECT_NE(alice->transcript().find("1 spectator"), std::string::npos) << alice->transcript();
    }
    const std::string reply = mover.command(kEscape[i], "move");
    ASSERT_TRUE(reply.starts_with("ok move")) << mover.transcript();
    EXPECT_EQ(field(reply, "ply"), std::to_string(i + 1));
  }
  for (ClientProcess* c : {alice.get(), bob.get(), carol.get()}) {
    const std::string end = c->command("wait end 10", "wait");
    EXPECT_EQ(end, "ok wait what=end game=" + game + " result=second reason=king_escaped") << c->transcript();
  }
  EXPECT_NE(carol->transcript().find("event move game=" + game + " ply=8 move=f7-i7 side=second"), std::string::npos)
      << carol->transcript();
  EXPECT_NE(carol->transcript().find("event game_over game=" + game +
                                     " result=second winner=bob reason=king_escaped points=0-1"),
            std::string::npos)
      << carol->transcript();
  // The spectator count came as an event of its own, read quietly.
  for (ClientProcess* c : {alice.get(), bob.get(), carol.get()})
    EXPECT_EQ(c->transcript().find("unreadable"), std::string::npos) << c->transcript();
  // The game is over: wait turn fails at once.
  EXPECT_EQ(alice->command("wait turn 5", "wait"), "error wait code=game_over message=\"the game has ended\"");

  // The archive lists it; replay steps through it.
  const std::string listed = carol->command("archive --player alice", "archive");
  EXPECT_EQ(listed, "ok archive count=1 more=no") << carol->transcript();
  EXPECT_NE(carol->transcript().find("data archived game=" + game +
                                     " rules=tablut first=alice second=bob result=second reason=king_escaped moves=8"),
            std::string::npos)
      << carol->transcript();
  const std::string replay = carol->command("replay " + game, "replay");
  EXPECT_TRUE(replay.starts_with("ok replay game=" + game + " ply=0 of=8 move=\"\" position=")) << replay;
  EXPECT_EQ(field(carol->command("next", "next"), "move"), "a4-a3");
  EXPECT_EQ(field(carol->command("next", "next"), "move"), "f5-f8");
  EXPECT_EQ(field(carol->command("prev", "prev"), "ply"), "1");
  const std::string last = carol->command("last", "last");
  EXPECT_EQ(field(last, "move"), "f7-i7");
  EXPECT_EQ(field(last, "position"), "3aaa3/4ad3/4d3k/a3d3a/aadd2daa/a3d3a/4d4/4a4/3aaa3 a");
  EXPECT_TRUE(carol->command("next", "next").starts_with("error next code=at_end")) << carol->transcript();
  EXPECT_EQ(field(carol->command("goto 4", "goto"), "move"), "e5-f5");
  EXPECT_EQ(field(carol->command("first", "first"), "ply"), "0");
  // export writes the game's record file; the server's export route gives the same text.
  const std::string path = config_.path() + "/" + game + ".txt";
  const std::string exported = carol->command("export " + game + " " + path, "export");
  EXPECT_EQ(exported, "ok export game_id=" + game + " moves=8 file=" + path) << carol->transcript();
  std::ifstream in(path, std::ios::binary);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(written.find("[Attackers \"alice\"]\n[Defenders \"bob\"]\n[Result \"0-1\"]\n[Game \"tablut\"]\n"),
            std::string::npos)
      << written;
  EXPECT_NE(written.find("1. a4-a3 f5-f8 2. a3-a4 e5-f5 3. a4-a3 f5-f7 4. a3-a4 f7-i7 0-1\n"), std::string::npos)
      << written;
  EXPECT_EQ(written, http_get(server_.port(), "/api/games/" + game + "/export").body);
  EXPECT_TRUE(carol->command("export " + game, "export").starts_with("ok export game_id=" + game + " moves=8"));
  EXPECT_NE(carol->expect("| [Game \"tablut\"]"), "") << carol->transcript();
  EXPECT_TRUE(carol->command("export nope", "export").starts_with("error export code=not_found"))
      << carol->transcript();
  const std::string board = carol->command("board", "board");
  EXPECT_TRUE(board.starts_with("ok board")) << board;
  EXPECT_NE(carol->expect("|      a  b  c  d  e  f  g  h  i"), "") << carol->transcript();

  // The exit status is the last command's.
  carol->send("goto 99");
  carol->close_stdin();
  EXPECT_EQ(carol->wait_exit(), 1) << carol->transcript();
  alice->send("quit");
  EXPECT_EQ(alice->wait_exit(), 0) << alice->transcript();
}

TEST_F(ClientGame, ScriptedCommandsAnswerOneLineEachAndErrorsExplain) {
  auto dave = client("dave");
  ASSERT_NE(dave->expect("ok connect player=dave registered=no resumed=no"), "") << dave->transcript();
  EXPECT_EQ(dave->command("dance", "dance"),
            "error dance code=bad_command message=\"unknown command 'dance' (try: help)\"");
  EXPECT_EQ(dave->command("moves", "moves"), "error moves code=no_game message=\"no position to list moves of\"");
  EXPECT_TRUE(dave->command("create tablut --option size=11", "create").starts_with("error create code=bad_options"))
      << dave->transcript();
  EXPECT_EQ(dave->command("cancel", "cancel"), "error cancel code=no_room message=\"you have no open room\"");
  const std::string games = dave->command("games", "games");
  EXPECT_EQ(games, "ok games count=7") << dave->transcript();
  EXPECT_NE(dave->transcript().find("data game id=seatafl"), std::string::npos) << dave->transcript();
  EXPECT_NE(dave->transcript().find("data game id=copenhagen"), std::string::npos) << dave->transcript();
  EXPECT_NE(dave->transcript().find("data game id=brandubh"), std::string::npos) << dave->transcript();
  const std::string created = dave->command("create alquerque --private", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << created;
  EXPECT_FALSE(field(created, "invite").empty()) << created;
  EXPECT_TRUE(dave->command("cancel", "cancel").starts_with("ok cancel")) << dave->transcript();
  EXPECT_TRUE(dave->command("replay nope", "replay").starts_with("error replay code=not_found")) << dave->transcript();
  EXPECT_TRUE(dave->command("wait event draw_offered 0.2", "wait").starts_with("error wait code=timeout"));
  const std::string help = dave->command("help create", "help");
  EXPECT_EQ(help, "ok help");
  EXPECT_NE(dave->expect("| create GAME [--option K=V]..."), "") << dave->transcript();
}

TEST_F(ClientGame, JsonLinesAndARestartResumesTheIdentityAndTheGame) {
  auto erin = client("erin", {"--json"});
  auto frank = client("frank");
  ASSERT_NE(erin->expect(R"({"kind":"ok","name":"connect","player":"erin")"), "") << erin->transcript();
  ASSERT_NE(frank->expect("ok connect"), "");
  erin->send("create draughts --side white");
  const std::string created = erin->expect(R"({"kind":"ok","name":"create")");
  ASSERT_NE(created, "") << erin->transcript();
  const auto at = created.find(R"("room":")");
  ASSERT_NE(at, std::string::npos) << created;
  const std::string room = created.substr(at + 8, created.find('"', at + 8) - at - 8);
  const std::string joined = frank->command("join " + room, "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << frank->transcript();
  const std::string game = field(joined, "game");
  erin->send("wait game 5");
  ASSERT_NE(erin->expect(R"({"kind":"ok","name":"wait","what":"game")"), "") << erin->transcript();
  erin->send("c3-d4");
  ASSERT_NE(erin->expect(R"({"kind":"ok","name":"move")"), "") << erin->transcript();

  // frank leaves and comes back: the remembered token resumes him in the game.
  frank->send("quit");
  ASSERT_EQ(frank->wait_exit(), 0);
  ASSERT_NE(erin->expect(R"({"kind":"event","name":"player_left")"), "") << erin->transcript();
  auto again = client("frank");
  const std::string hello = again->expect("ok connect");
  EXPECT_EQ(hello, "ok connect player=frank registered=no resumed=yes") << again->transcript();
  EXPECT_NE(again->expect("event game_state game=" + game + " ply=1 to_move=second you=second"), "")
      << again->transcript();
  ASSERT_TRUE(again->command("f6-e5", "move").starts_with("ok move")) << again->transcript();
  ASSERT_NE(erin->expect(R"({"kind":"event","name":"player_returned")"), "") << erin->transcript();
  erin->send("wait turn 5");
  // Counts and plies are JSON numbers, not strings (issue 12.8).
  EXPECT_NE(erin->expect(R"({"kind":"ok","name":"wait","what":"turn","game":")" + game + R"(","ply":2})"), "")
      << erin->transcript();
  erin->send("resign");
  EXPECT_NE(erin->expect(R"({"kind":"ok","name":"resign")"), "") << erin->transcript();
  EXPECT_EQ(again->command("wait end 5", "wait"),
            "ok wait what=end game=" + game + " result=second reason=resignation");
  erin->send("archive --winner frank");
  const std::string entry = erin->expect(R"({"kind":"data","name":"archived")");
  EXPECT_NE(entry.find(R"("moves":2,)"), std::string::npos) << erin->transcript();
  EXPECT_NE(entry.find(R"("clock":"none")"), std::string::npos) << erin->transcript();
  EXPECT_NE(erin->expect(R"({"kind":"ok","name":"archive","count":1,"more":"no")"), "") << erin->transcript();
  erin->send("archive --winner erin");
  EXPECT_NE(erin->expect(R"({"kind":"ok","name":"archive","count":0,)"), "") << erin->transcript();
}

// Issue 15: takeback asked, answered (both spellings), and abort before the first moves.
TEST_F(ClientGame, TakebackAskedAndAnsweredThenAbortBeforeTheFirstMoves) {
  auto gina = client("gina");
  auto hugo = client("hugo");
  ASSERT_NE(gina->expect("ok connect"), "") << gina->transcript();
  ASSERT_NE(hugo->expect("ok connect"), "") << hugo->transcript();
  const std::string created = gina->command("create tablut --side second --clock 5+0", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << gina->transcript();
  const std::string joined = hugo->command("join " + field(created, "room"), "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << hugo->transcript();
  const std::string game = field(joined, "game");
  ASSERT_TRUE(gina->command("wait game 10", "wait").starts_with("ok wait")) << gina->transcript();

  EXPECT_TRUE(hugo->command("takeback", "takeback").starts_with("error takeback code=nothing_to_take_back"))
      << hugo->transcript();
  ASSERT_TRUE(hugo->command("a4-a3", "move").starts_with("ok move")) << hugo->transcript();
  EXPECT_TRUE(gina->command("takeback yes", "takeback").starts_with("error takeback code=no_takeback_request"))
      << gina->transcript();
  const std::string asked = hugo->command("takeback", "takeback");
  EXPECT_TRUE(asked.starts_with("ok takeback game=" + game + " side=first player=hugo plies=1")) << asked;
  EXPECT_NE(gina->expect("event takeback_offered game=" + game), "") << gina->transcript();
  EXPECT_TRUE(gina->command("decline takeback", "decline").starts_with("ok decline")) << gina->transcript();
  EXPECT_NE(hugo->expect("event takeback_declined"), "") << hugo->transcript();
  ASSERT_TRUE(hugo->command("takeback", "takeback").starts_with("ok takeback")) << hugo->transcript();
  EXPECT_NE(gina->expect("event takeback_offered game=" + game), "") << gina->transcript();
  const std::string accepted = gina->command("takeback yes", "takeback");
  EXPECT_TRUE(accepted.starts_with("ok takeback game=" + game)) << accepted;
  EXPECT_NE(accepted.find("ply=0"), std::string::npos) << accepted;
  EXPECT_NE(hugo->expect("event game_state game=" + game + " ply=0"), "") << hugo->transcript();

  // Nobody has moved now: the game may be aborted.
  EXPECT_EQ(gina->command("abort", "abort"), "ok abort game=" + game) << gina->transcript();
  EXPECT_NE(hugo->expect("event game_over game=" + game + " result=aborted"), "") << hugo->transcript();
  const std::string listed = hugo->command("archive --result aborted", "archive");
  EXPECT_TRUE(listed.starts_with("ok archive count=1")) << hugo->transcript();
  EXPECT_TRUE(hugo->command("help takeback", "help").starts_with("ok help"));
  EXPECT_NE(hugo->expect("| takeback [yes|no]"), "") << hugo->transcript();
}

// Issue 12.11: moves typed as people write them: any case, squares apart, x for a capture.
TEST_F(ClientGame, MovesAreTakenAsPeopleWriteThem) {
  auto wil = client("wil");
  auto bea = client("bea");
  ASSERT_NE(wil->expect("ok connect"), "") << wil->transcript();
  ASSERT_NE(bea->expect("ok connect"), "") << bea->transcript();
  const std::string created = wil->command("create draughts --side white", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << wil->transcript();
  ASSERT_TRUE(bea->command("join " + field(created, "room"), "join").starts_with("ok join")) << bea->transcript();
  wil->send("wait game 5");
  ASSERT_NE(wil->expect("ok wait"), "") << wil->transcript();
  EXPECT_TRUE(wil->command("C3 D4", "move").starts_with("ok move")) << wil->transcript();
  bea->send("wait turn 5");
  ASSERT_NE(bea->expect("ok wait"), "") << bea->transcript();
  EXPECT_TRUE(bea->command("f6 e5", "move").starts_with("ok move")) << bea->transcript();
  wil->send("wait turn 5");
  ASSERT_NE(wil->expect("ok wait"), "") << wil->transcript();
  EXPECT_TRUE(wil->command("d4xf6", "move").starts_with("ok move")) << wil->transcript();
  bea->send("wait turn 5");
  ASSERT_NE(bea->expect("ok wait"), "") << bea->transcript();
  EXPECT_TRUE(bea->command("g7 e5", "move").starts_with("ok move")) << bea->transcript();  // read as g7:e5
  wil->send("e3f4");
  EXPECT_NE(wil->expect("error").find("a move is written e1-e3"), std::string::npos) << wil->transcript();
}

// Issue 12.10: a pending Alquerque huff is announced with the board, and `huff SQ` alone
// names the piece for the next move.
TEST_F(ClientGame, APendingHuffIsAnnouncedAndNamedOnItsOwn) {
  auto ada = client("ada");
  auto ben = client("ben");
  ASSERT_NE(ada->expect("ok connect"), "") << ada->transcript();
  ASSERT_NE(ben->expect("ok connect"), "") << ben->transcript();
  const std::string created = ada->command("create alquerque --side white", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << ada->transcript();
  ASSERT_TRUE(ben->command("join " + field(created, "room"), "join").starts_with("ok join")) << ben->transcript();
  ada->send("wait game 5");
  ASSERT_NE(ada->expect("ok wait"), "") << ada->transcript();
  EXPECT_TRUE(ada->command("huff e5", "huff").starts_with("error huff code=no_huff")) << ada->transcript();
  // White leaves a capture untaken with e2-d2, where more than one piece could take.
  const std::vector<std::string> moves{"d2-c3", "b4:d2", "b2-c3", "b3-b2", "e2-d2"};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    ClientProcess& mover = i % 2 == 0 ? *ada : *ben;
    mover.send("wait turn 5");
    ASSERT_NE(mover.expect("ok wait"), "") << mover.transcript();
    ASSERT_TRUE(mover.command(moves[i], "move").starts_with("ok move")) << mover.transcript();
  }
  ben->send("wait turn 5");
  ASSERT_NE(ben->expect("ok wait"), "") << ben->transcript();
  ben->send("board");
  const std::string said = ben->expect("| ada did not capture: you may huff");
  EXPECT_NE(said.find("b1"), std::string::npos) << ben->transcript();
  EXPECT_TRUE(ben->command("huff z9", "huff").starts_with("error huff")) << ben->transcript();
  EXPECT_TRUE(ben->command("huff b1", "huff").starts_with("ok huff square=b1")) << ben->transcript();
  const std::string moved = ben->command("a5-b4", "move");
  EXPECT_TRUE(moved.starts_with("ok move")) << ben->transcript();
  EXPECT_NE(moved.find("huff b1 a5-b4"), std::string::npos) << moved;
}

// Registered players: a rated game by default, the ratings in rooms and at the board,
// the change at the end, then profile and top.
TEST_F(ClientGame, RatedGameShowsRatingsTheChangeAtTheEndProfileAndTop) {
  auto registered = [&](const std::string& name) {
    return std::make_unique<ClientProcess>(std::vector<std::string>{"connect", url_, "--register", name},
                                           std::vector<std::string>{"XDG_CONFIG_HOME=" + config_.path() + "/" + name,
                                                                    "BOARDHALL_PASSWORD=correct horse battery"});
  };
  auto alice = registered("alice");
  auto bob = registered("bob");
  ASSERT_NE(alice->expect("ok connect player=alice registered=yes", 30s), "") << alice->transcript();
  ASSERT_NE(bob->expect("ok connect player=bob registered=yes", 30s), "") << bob->transcript();

  const std::string created = alice->command("create tablut --side first", "create");
  ASSERT_TRUE(created.starts_with("ok create")) << alice->transcript();
  const std::string room = field(created, "room");
  ASSERT_EQ(bob->command("rooms", "rooms"), "ok rooms rooms=1 games=0") << bob->transcript();
  EXPECT_NE(bob->transcript().find(" rated=yes creator_rating="), std::string::npos) << bob->transcript();
  const std::string joined = bob->command("join " + room, "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string game = field(joined, "game");
  ASSERT_TRUE(alice->command("wait game 10", "wait").starts_with("ok wait")) << alice->transcript();

  for (std::size_t i = 0; i < kEscape.size(); ++i) {
    ClientProcess& mover = i % 2 == 0 ? *alice : *bob;
    ASSERT_TRUE(mover.command("wait turn 10", "wait").starts_with("ok wait")) << mover.transcript();
    ASSERT_TRUE(mover.command(kEscape[i], "move").starts_with("ok move")) << mover.transcript();
  }
  ASSERT_TRUE(alice->command("wait end 10", "wait").starts_with("ok wait")) << alice->transcript();
  EXPECT_NE(alice->transcript().find("event game_over game=" + game +
                                     " result=second winner=bob reason=king_escaped points=0-1"
                                     " first_rating=1258.4 second_rating=1741.6"),
            std::string::npos)
      << alice->transcript();

  const std::string profile = alice->command("profile bob", "profile");
  EXPECT_EQ(profile, "ok profile player=bob registered=yes bot=no ratings=1 recent=1") << alice->transcript();
  EXPECT_NE(alice->transcript().find("data rating player=bob game=tablut rating=1741.6 rd=396.8 provisional=yes "
                                     "games=1 wins=1 draws=0 losses=0"),
            std::string::npos)
      << alice->transcript();
  EXPECT_TRUE(alice->command("profile nobody", "profile").starts_with("error profile code=not_found"))
      << alice->transcript();
  EXPECT_EQ(alice->command("top tablut 10", "top"), "ok top game=tablut count=0") << alice->transcript();
  EXPECT_TRUE(alice->command("top chess", "top").starts_with("error top code=bad_query")) << alice->transcript();
  alice->send("quit");
  EXPECT_EQ(alice->wait_exit(), 0) << alice->transcript();
}

}  // namespace
}  // namespace bh::test

namespace bh::test {
namespace {

// Quick pairing and a rematch from the terminal: two `seek`s make one game; after it,
// `rematch` from both starts the next with the sides swapped; `rematch no` declines.
TEST_F(ClientGame, SeekPairsTwoPlayersAndRematchSwapsSides) {
  auto ann = client("ann");
  auto ben = client("ben");
  ASSERT_NE(ann->expect("ok connect"), "") << ann->transcript();
  ASSERT_NE(ben->expect("ok connect"), "") << ben->transcript();
  EXPECT_EQ(ann->command("rematch", "rematch"),
            "error rematch code=no_room message=\"no finished match to play again (a rematch follows a match's end)\"");
  EXPECT_EQ(ann->command("leave", "leave"), "error leave code=no_room message=\"no finished match to leave\"");

  const std::string waiting = ann->command("seek tablut 5+3", "seek");
  ASSERT_TRUE(waiting.starts_with("ok seek room=")) << ann->transcript();
  const std::string joined = ben->command("play tablut 5+3", "seek");
  ASSERT_TRUE(joined.starts_with("ok seek game=")) << ben->transcript();
  const std::string game = field(joined, "game");
  const std::string ben_side = field(joined, "you");
  ASSERT_TRUE(ann->command("wait game 10", "wait").starts_with("ok wait")) << ann->transcript();

  ClientProcess& loser = ben_side == "first" ? *ben : *ann;
  loser.send("resign");
  ASSERT_NE(loser.expect("ok resign"), "") << loser.transcript();
  for (ClientProcess* c : {ann.get(), ben.get()})
    ASSERT_TRUE(c->command("wait event match_over 10", "wait").starts_with("ok wait")) << c->transcript();

  const std::string offered = ann->command("rematch", "rematch");
  EXPECT_TRUE(offered.starts_with("ok rematch room=")) << ann->transcript();
  EXPECT_EQ(field(offered, "player"), "ann");
  ASSERT_TRUE(ben->command("wait event rematch_offered 10", "wait").starts_with("ok wait")) << ben->transcript();
  EXPECT_NE(ben->transcript().find("event rematch_offered room=" + field(offered, "room") + " player=ann"),
            std::string::npos)
      << ben->transcript();
  const std::string again = ben->command("rematch", "rematch");
  ASSERT_TRUE(again.starts_with("ok rematch game=")) << ben->transcript();
  EXPECT_NE(field(again, "game"), game);
  EXPECT_EQ(field(again, "you"), ben_side == "first" ? "second" : "first");
  EXPECT_NE(ben->transcript().find("event rematch_started room="), std::string::npos) << ben->transcript();
  EXPECT_EQ(ben->command("rematch", "rematch").substr(0, 27), "error rematch code=no_room ");

  // The second game ends; this time the offer is declined, then both leave.
  ben->send("resign");
  ASSERT_NE(ben->expect("ok resign"), "") << ben->transcript();
  for (ClientProcess* c : {ann.get(), ben.get()})
    ASSERT_TRUE(c->command("wait event match_over 10", "wait").starts_with("ok wait")) << c->transcript();
  ASSERT_TRUE(ben->command("rematch", "rematch").starts_with("ok rematch")) << ben->transcript();
  ASSERT_TRUE(ann->command("wait event rematch_offered 10", "wait").starts_with("ok wait")) << ann->transcript();
  EXPECT_TRUE(ann->command("rematch no", "rematch").starts_with("ok rematch room=")) << ann->transcript();
  ASSERT_TRUE(ben->command("wait event rematch_cancelled 10", "wait").starts_with("ok wait")) << ben->transcript();
  EXPECT_NE(ben->transcript().find(" reason=declined"), std::string::npos) << ben->transcript();
  EXPECT_TRUE(ann->command("leave", "leave").starts_with("ok leave")) << ann->transcript();
  ASSERT_TRUE(ben->command("wait event rematch_cancelled 10", "wait").starts_with("ok wait")) << ben->transcript();
  EXPECT_NE(ben->transcript().find(" reason=left"), std::string::npos) << ben->transcript();
  EXPECT_TRUE(ben->command("rematch", "rematch").starts_with("error rematch code=no_room")) << ben->transcript();
}

}  // namespace
}  // namespace bh::test

namespace bh::test {
namespace {

// Correspondence games in the terminal (docs/correspondence.md): created with days per
// move and a bank, listed by mygames with the games waiting for the player's move first,
// opened with watch, played while the other player is away.
TEST_F(ClientGame, CorrespondenceGamesAreCreatedListedByMygamesAndPlayedWhileTheOtherIsAway) {
  auto alice = client("alice");
  auto bob = client("bob");
  ASSERT_NE(alice->expect("ok connect"), "") << alice->transcript();
  ASSERT_NE(bob->expect("ok connect"), "") << bob->transcript();
  const std::string days = alice->command("create tablut --side first --clock 3d", "create");
  ASSERT_TRUE(days.starts_with("ok create")) << alice->transcript();
  const std::string joined = bob->command("join " + field(days, "room"), "join");
  ASSERT_TRUE(joined.starts_with("ok join")) << bob->transcript();
  const std::string tablut = field(joined, "game");
  // A second one beside it, with a bank: one seat at a time holds for live games only.
  const std::string bank = bob->command("create brandubh --side first --clock 7d+12h/2h", "create");
  ASSERT_TRUE(bank.starts_with("ok create")) << bob->transcript();
  const std::string joined2 = alice->command("join " + field(bank, "room"), "join");
  ASSERT_TRUE(joined2.starts_with("ok join")) << alice->transcript();
  const std::string brandubh = field(joined2, "game");
  // A control the server does not offer is refused with its reason.
  const std::string refused = alice->command("create tablut --clock 4d", "create");
  EXPECT_TRUE(refused.starts_with("error create")) << alice->transcript();
  EXPECT_NE(refused.find("days_per_move must be 1, 2, 3, 5, 7, 10 or 14"), std::string::npos) << refused;
  // Alice's move in the tablut game, bob's in the brandubh one.
  const std::string mine = alice->command("mygames", "mygames");
  EXPECT_EQ(mine, "ok mygames count=2 your_turn=1") << alice->transcript();
  const std::string listing = alice->transcript();
  const auto first_game = listing.find("data my_game game=" + tablut);
  const auto second_game = listing.find("data my_game game=" + brandubh);
  ASSERT_NE(first_game, std::string::npos) << listing;
  ASSERT_NE(second_game, std::string::npos) << listing;
  EXPECT_LT(first_game, second_game) << "the game waiting for her move comes first";
  // Bob moves in brandubh while alice has tablut on show: she is told (a terminal says it
  // in a line, the board on show stays tablut's).
  ASSERT_TRUE(alice->command("watch " + tablut, "watch").starts_with("ok watch")) << alice->transcript();
  ASSERT_TRUE(bob->command("watch " + brandubh, "watch").starts_with("ok watch")) << bob->transcript();
  ASSERT_TRUE(bob->command("a4-a5", "move").starts_with("ok move")) << bob->transcript();
  EXPECT_NE(alice->expect("event move game=" + brandubh + " ply=1 move=a4-a5"), "") << alice->transcript();
  // Bob goes away; alice opens her tablut game and moves; bob comes back and is told.
  bob.reset();
  ASSERT_TRUE(alice->command("watch " + tablut, "watch").starts_with("ok watch")) << alice->transcript();
  ASSERT_TRUE(alice->command("a4-a3", "move").starts_with("ok move")) << alice->transcript();
  auto bob2 = client("bob");
  ASSERT_NE(bob2->expect("ok connect"), "") << bob2->transcript();
  EXPECT_EQ(bob2->command("mygames", "mygames"), "ok mygames count=2 your_turn=1") << bob2->transcript();
}

}  // namespace
}  // namespace bh::test

namespace bh::test {
namespace {

// Notifications in the terminal (docs/notifications.md): a guest is told they are for
// registered players; a value the client can check is refused before it is sent.
TEST_F(ClientGame, NotifyIsForRegisteredPlayersAndChecksItsValues) {
  auto carol = client("carol");
  ASSERT_NE(carol->expect("ok connect"), "") << carol->transcript();
  const std::string guest = carol->command("notify", "notify");
  EXPECT_TRUE(guest.starts_with("error notify")) << carol->transcript();
  EXPECT_NE(guest.find("account_required"), std::string::npos) << guest;
  const std::string bad = carol->command("notify reminders 500", "notify");
  EXPECT_TRUE(bad.starts_with("error notify")) << carol->transcript();
}

}  // namespace
}  // namespace bh::test
