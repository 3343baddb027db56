// Names of every script, unique by their folded key (issue 26, point 10): a Cyrillic
// name is taken as sent (in NFC); `Alice`, `ALICE`, `аlice` are refused beside `alice`,
// a guest or an account; nobody takes `COMPUTER` or `c0mputer` beside the bot
// `computer`; a login finds the exact name; a profile's name may be any script over HTTP.
#include "harness.hpp"

namespace bh::app::test {
namespace {

// Password hashes are slow by design (and slower under the sanitizers).
constexpr auto kHashReply = 60s;

const std::string kIvan = "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD";          // Иван
const std::string kIvanEncoded = "%D0%98%D0%B2%D0%B0%D0%BD";           // Иван, %-encoded
const std::string kCyrillicAlice = "\xD0\xB0lice";                     // а (U+0430), then Latin
const std::string kCyrillicCoco = "\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE";  // сосо, all Cyrillic
const std::string kJoseComposed = "Jos\xC3\xA9";                       // é: U+00E9
const std::string kJoseDecomposed = "Jose\xCC\x81";                    // e, U+0301

class NamesTest : public AppTest {
 protected:
  // The reply to `request` from a new client (kept open).
  json identify(json request, Client** out = nullptr) {
    Client& c = client();
    request["id"] = 1;
    c.send(request);
    if (out) *out = &c;
    return c.reply(1, kHashReply);
  }
  json as_guest(const std::string& name) { return identify({{"type", "guest"}, {"name", name}}); }
  json registering(const std::string& name, Client** out = nullptr) {
    return identify({{"type", "register"}, {"name", name}, {"password", "correct horse"}}, out);
  }
  json logging_in(const std::string& name) {
    return identify({{"type", "login"}, {"name", name}, {"password", "correct horse"}});
  }
};

TEST_F(NamesTest, ACyrillicNameIsTakenAsSent) {
  json r = as_guest(kIvan);
  ASSERT_EQ(r["type"], "identity") << r.dump();
  EXPECT_EQ(r["player"], kIvan);
  // Sent decomposed, kept composed (NFC); the composed one is then taken.
  r = as_guest(kJoseDecomposed);
  ASSERT_EQ(r["type"], "identity") << r.dump();
  EXPECT_EQ(r["player"], kJoseComposed);
  EXPECT_EQ(as_guest(kJoseComposed)["code"], "name_taken");
}

TEST_F(NamesTest, ALookAlikeOfALiveGuestIsRefused) {
  guest("alice");
  for (const char* like : {"Alice", "ALICE", "a1ice"}) {
    json r = as_guest(like);
    EXPECT_EQ(r["code"], "name_taken") << like << ": " << r.dump();
  }
  // A Cyrillic а among Latin letters is not a name at all.
  json r = as_guest(kCyrillicAlice);
  EXPECT_EQ(r["code"], "bad_name") << r.dump();
  EXPECT_NE(r.value("message", "").find("scripts"), std::string::npos) << r.dump();
  // Nor are invisible or bidi characters.
  EXPECT_EQ(as_guest("al\xE2\x80\x8Bice")["code"], "bad_name");
  EXPECT_EQ(as_guest("alice\xE2\x80\xAE")["code"], "bad_name");
  EXPECT_EQ(as_guest("bob")["type"], "identity");
}

TEST_F(NamesTest, ALookAlikeOfAnAccountIsRefusedWhileItsOwnerIsAway) {
  Client* owner = nullptr;
  ASSERT_EQ(registering("coco", &owner)["type"], "identity");
  EXPECT_EQ(registering("COCO")["code"], "name_taken");
  EXPECT_EQ(as_guest(kCyrillicCoco)["code"], "name_taken");
  // Once the owner has gone and is forgotten (grace 300 ms), the store still says no.
  owner->close();
  json r;
  for (int i = 0; i < 100; ++i) {
    r = as_guest(kCyrillicCoco);
    if (r.value("message", "").find("registered") != std::string::npos) break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(r["code"], "name_taken") << r.dump();
  EXPECT_NE(r.value("message", "").find("looks like 'coco'"), std::string::npos) << r.dump();
  EXPECT_EQ(registering("Coco")["code"], "name_taken");
}

TEST_F(NamesTest, NobodyTakesTheComputersLookAlike) {
  std::promise<storage::StoreError> saved;
  store_->save_bot_account(storage::Account{"computer", "s", "h", 10, 1},
                           [&](storage::StoreError e) { saved.set_value(std::move(e)); });
  ASSERT_TRUE(saved.get_future().get().ok());
  for (const char* like : {"computer", "Computer", "COMPUTER", "c0mputer"}) {
    json r = as_guest(like);
    EXPECT_EQ(r["code"], "name_taken") << like << ": " << r.dump();
  }
  EXPECT_EQ(registering("c0mputer")["code"], "name_taken");
}

TEST_F(NamesTest, ALoginFindsTheExactNameInNfc) {
  ASSERT_EQ(registering(kJoseComposed)["type"], "identity");
  json r = logging_in(kJoseDecomposed);
  ASSERT_EQ(r["type"], "identity") << r.dump();
  EXPECT_EQ(r["player"], kJoseComposed);
  // Case counts at login: `JOSÉ` is another (unknown) name.
  EXPECT_EQ(logging_in("JOS\xC3\x89")["code"], "auth_failed");
}

TEST_F(NamesTest, AProfileOfAnyScriptOverHttpAndWebSocket) {
  ASSERT_EQ(registering(kIvan)["type"], "identity");
  auto found = http("/api/players/" + kIvanEncoded);
  EXPECT_EQ(found.status, 200) << found.body;
  EXPECT_EQ(json::parse(found.body)["name"], kIvan);
  Client& c = client();
  c.send({{"type", "get_player"}, {"name", kIvan}, {"id", 7}});
  EXPECT_EQ(c.reply(7)["name"], kIvan);
  // Names no player could have: 404, as before.
  for (const char* bad : {"/api/players/%D0%98van", "/api/players/ab%E2%80%AE", "/api/players/%FF",
                          "/api/players/a%E2%80%8Bb", "/api/players/%20ab"})
    EXPECT_EQ(http(bad).status, 404) << bad;
}

}  // namespace
}  // namespace bh::app::test
