// The web client served by the real server: the page at / and the app's routes, files
// with their types, ETag and 304, HEAD, the security headers, --web-root, and hostile
// paths, which must never reach a file outside the site. Requests go over a raw TCP
// connection so every target is sent exactly as written.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kPolicy =
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

struct Reply {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  std::string header(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? "(none)" : it->second;
  }
  bool has(const std::string& name) const { return headers.count(name) != 0; }
};

// One request on its own connection (Connection: close), read to the end.
Reply exchange(std::uint16_t port, std::string_view method, std::string_view target,
               const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  RawTcp tcp;
  if (!tcp.connect(port)) return {};
  std::string request = std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (const auto& [name, value] : headers) request += name + ": " + value + "\r\n";
  request += "Connection: close\r\n\r\n";
  tcp.send(request);
  std::string raw;
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!tcp.peer_closed() && std::chrono::steady_clock::now() < deadline) raw += tcp.read_some(200ms);
  Reply reply;
  const auto end = raw.find("\r\n\r\n");
  if (end == std::string::npos || !raw.starts_with("HTTP/1.1 ")) return reply;
  reply.status = std::atoi(raw.substr(9, 3).c_str());
  std::istringstream lines(raw.substr(0, end));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    reply.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
  }
  reply.body = raw.substr(end + 4);
  return reply;
}

Reply get(std::uint16_t port, std::string_view target,
          const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  return exchange(port, "GET", target, headers);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void write_file(const fs::path& path, std::string_view content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
}

const fs::path kPublic = BOARDHALL_WEB_PUBLIC;

// A folder removed at the end.
struct TempFolder {
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "bh-web-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  fs::path path;
};

class Web : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty());
    ASSERT_TRUE(server.start()) << server.log();
  }
  void TearDown() override {
    if (server.running()) {
      EXPECT_EQ(server.stop(), 0) << server.log();
    }
  }
  std::uint16_t port() const { return server.port(); }

  ServerProcess server;
};

TEST_F(Web, TheRootAndTheAppsRoutesServeThePageWithItsHeaders) {
  const std::string page = read_file(kPublic / "index.html");
  ASSERT_FALSE(page.empty());
  for (const char* target :
       {"/", "/room/r1a2b3", "/room/r1?invite=abc123", "/game/g42", "/game/g42?ply=3", "/archive",
        "/archive?game=tablut&player=ann", "/archive/anything/below", "/lobby", "/room/", "/room/%D0%BA"}) {
    const Reply reply = get(port(), target);
    ASSERT_EQ(reply.status, 200) << target;
    EXPECT_EQ(reply.body, page) << target;
    EXPECT_EQ(reply.header("content-type"), "text/html; charset=utf-8") << target;
    EXPECT_EQ(reply.header("content-security-policy"), kPolicy) << target;
    EXPECT_EQ(reply.header("cache-control"), "no-cache") << target;
    EXPECT_EQ(reply.header("x-content-type-options"), "nosniff") << target;
    EXPECT_EQ(reply.header("referrer-policy"), "no-referrer") << target;
    EXPECT_EQ(reply.header("content-length"), std::to_string(page.size())) << target;
    EXPECT_TRUE(reply.has("etag")) << target;
  }
}

TEST_F(Web, EveryFileOfWebPublicIsServedWithItsType) {
  const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
      {".json", "application/json"},         {".png", "image/png"}};
  int served = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kPublic)) {
    const std::string name = fs::relative(entry.path(), kPublic).generic_string();
    if (!entry.is_regular_file() || name.starts_with('.') || name.find("/.") != std::string::npos) continue;
    const Reply reply = get(port(), "/" + name);
    ASSERT_EQ(reply.status, 200) << name;
    EXPECT_EQ(reply.body, read_file(entry.path())) << name;
    if (const auto type = types.find(entry.path().extension().string()); type != types.end()) {
      EXPECT_EQ(reply.header("content-type"), type->second) << name;
    }
    EXPECT_EQ(reply.header("x-content-type-options"), "nosniff") << name;
    EXPECT_EQ(reply.header("cache-control"), "no-cache") << name;
    // The policy is the page's: HTML answers only.
    EXPECT_EQ(reply.has("content-security-policy"), entry.path().extension() == ".html") << name;
    ++served;
  }
  EXPECT_GE(served, 2);
  const Reply icon = get(port(), "/favicon.svg");
  EXPECT_EQ(icon.header("content-type"), "image/svg+xml");
  const Reply ico = get(port(), "/favicon.ico");  // asked by browsers on their own: never a failed request
  EXPECT_EQ(ico.status, 200);
  EXPECT_EQ(ico.body, icon.body);
}

TEST_F(Web, AnEtagThatMatchesIs304WithoutABody) {
  for (const char* target : {"/", "/room/r1", "/favicon.svg"}) {
    const Reply first = get(port(), target);
    ASSERT_EQ(first.status, 200) << target;
    const std::string tag = first.header("etag");
    ASSERT_EQ(tag.size(), 34u) << tag;  // "<32 hex digits>": strong
    EXPECT_EQ(tag.front(), '"');
    const Reply again = get(port(), target, {{"If-None-Match", tag}});
    EXPECT_EQ(again.status, 304) << target;
    EXPECT_EQ(again.body, "");
    EXPECT_EQ(again.header("etag"), tag);
    EXPECT_EQ(again.header("cache-control"), "no-cache");
    EXPECT_FALSE(again.has("content-length"));
    EXPECT_EQ(get(port(), target, {{"If-None-Match", "\"stale\""}}).status, 200) << target;
    EXPECT_EQ(exchange(port(), "HEAD", target, {{"If-None-Match", tag}}).status, 304) << target;
  }
  EXPECT_EQ(get(port(), "/").header("etag"), get(port(), "/game/g1").header("etag"));
  EXPECT_NE(get(port(), "/").header("etag"), get(port(), "/favicon.svg").header("etag"));
}

TEST_F(Web, HeadAnswersAsGetWithoutTheBody) {
  for (const char* target : {"/", "/room/x", "/favicon.svg"}) {
    const Reply full = get(port(), target);
    const Reply head = exchange(port(), "HEAD", target);
    EXPECT_EQ(head.status, 200) << target;
    EXPECT_EQ(head.body, "") << target;
    EXPECT_EQ(head.header("content-length"), std::to_string(full.body.size())) << target;
    EXPECT_EQ(head.header("etag"), full.header("etag")) << target;
    EXPECT_EQ(head.header("content-type"), full.header("content-type")) << target;
    EXPECT_EQ(head.header("content-security-policy"), full.header("content-security-policy")) << target;
  }
}

TEST_F(Web, TheApplicationsPathsAndUnknownPathsAreAsBefore) {
  const Reply health = get(port(), "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(json::parse(health.body)["status"], "ok");
  EXPECT_EQ(health.header("cache-control"), "no-store");
  EXPECT_FALSE(health.has("content-security-policy"));
  EXPECT_EQ(get(port(), "/api/lobby").status, 200);
  EXPECT_EQ(get(port(), "/metrics").status, 200);
  for (const char* target : {"/api/nope", "/api/", "/nope", "/js/", "/js/missing.js", "/.env", "/index.htm"}) {
    const Reply reply = get(port(), target);
    EXPECT_EQ(reply.status, 404) << target;
    EXPECT_EQ(json::parse(reply.body, nullptr, false).value("code", ""), "not_found") << target << reply.body;
  }
  EXPECT_EQ(get(port(), "/ws").status, 400);  // an upgrade expected
  EXPECT_EQ(exchange(port(), "POST", "/").status, 405);
  EXPECT_EQ(exchange(port(), "PUT", "/favicon.svg").status, 405);
}

// Targets that try to leave the site, in the encodings a server might decode twice, fold
// or pass to the file system. `secret` is the name of a file beside the site's root.
std::vector<std::string> traversal_targets(const std::string& secret, const std::string& absolute) {
  std::vector<std::string> targets;
  for (const std::string up :
       {"..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "%252e%252e", "%c0%ae%c0%ae", "%u002e%u002e", "..%00", "...."}) {
    targets.push_back("/" + up + "/outside/" + secret);
    targets.push_back("/js/" + up + "/" + up + "/outside/" + secret);
    targets.push_back("/room/" + up + "/" + up + "/outside/" + secret);
    targets.push_back("/" + up + "%2foutside%2f" + secret);
    targets.push_back("/" + up + "%2Foutside%2F" + secret);
    targets.push_back("/" + up + "%5coutside%5c" + secret);
    targets.push_back("/" + up + "\\outside\\" + secret);
  }
  for (const std::string& t :
       {"/" + absolute, "/" + absolute.substr(1), "//" + absolute.substr(1), "/%2f" + absolute.substr(1),
        "/outside/" + secret, "/" + secret, "/" + secret + "%00.js", "/index.html%00/../outside/" + secret,
        std::string("/%ff/../outside/") + secret, std::string("/\xff"), std::string("/\xc0\xae\xc0\xae/"),
        "/./" + secret, "/.%2f" + secret, "/;/../outside/" + secret, "/%3b/%2e%2e/outside/" + secret})
    targets.push_back(t);
  return targets;
}

// Refused (400), not found (404), or, under the app's routes, the page itself: a
// double-encoded ".." or "...." is no dot segment once decoded, and the page is no file
// outside the site.
bool refused_or_page(const Reply& reply, const std::string& target, const std::string& page) {
  if (reply.status == 400 || reply.status == 404) return true;
  return target.starts_with("/room/") && reply.status == 200 && reply.body == page;
}

TEST_F(Web, TraversalAttemptsAre400Or404AndNeverReachAFile) {
  const std::string page = read_file(kPublic / "index.html");
  for (const auto& target : traversal_targets("passwd", "/etc/passwd")) {
    const Reply reply = get(port(), target);
    EXPECT_TRUE(refused_or_page(reply, target, page)) << target << " " << reply.status;
    EXPECT_EQ(reply.body.find("root:"), std::string::npos) << target;
  }
  EXPECT_TRUE(server.running());
}

class WebRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty());
    ASSERT_FALSE(folder.path.empty());
    write_file(root / "index.html", "<!doctype html><p>dev page</p>");
    write_file(root / "js" / "app" / "main.js", "export const version = 1;\n");
    write_file(root / "css" / "app.css", "body { margin: 0 }\n");
    write_file(folder.path / "outside" / "secret.txt", "SECRET-BESIDE-THE-ROOT");
    ASSERT_TRUE(server.start()) << server.log();
  }
  void TearDown() override {
    if (server.running()) {
      EXPECT_EQ(server.stop(), 0) << server.log();
    }
  }
  std::uint16_t port() const { return server.port(); }

  TempFolder folder;
  fs::path root = folder.path / "site";
  ServerProcess server{{"--web-root", root.string()}};
};

TEST_F(WebRoot, ServesTheFolderAndAnEditShowsAtTheNextRequest) {
  const Reply page = get(port(), "/room/r1");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.body, "<!doctype html><p>dev page</p>");
  EXPECT_EQ(page.header("content-security-policy"), kPolicy);
  const Reply script = get(port(), "/js/app/main.js");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(script.body, "export const version = 1;\n");
  EXPECT_EQ(get(port(), "/css/app.css").header("content-type"), "text/css; charset=utf-8");
  EXPECT_EQ(get(port(), "/favicon.ico").status, 404);  // no icon in this folder: nothing to give

  write_file(root / "js" / "app" / "main.js", "export const version = 2;\n");
  const Reply edited = get(port(), "/js/app/main.js", {{"If-None-Match", script.header("etag")}});
  EXPECT_EQ(edited.status, 200);
  EXPECT_EQ(edited.body, "export const version = 2;\n");
  EXPECT_NE(edited.header("etag"), script.header("etag"));
  EXPECT_EQ(get(port(), "/js/app/main.js", {{"If-None-Match", edited.header("etag")}}).status, 304);

  write_file(root / "js" / "app" / "new.js", "export {};\n");  // added while serving
  EXPECT_EQ(get(port(), "/js/app/new.js").status, 200);
  fs::remove(root / "js" / "app" / "new.js");
  EXPECT_EQ(get(port(), "/js/app/new.js").status, 404);
  EXPECT_TRUE(server.wait_log("web client served from " + root.string(), 1s));
}

TEST_F(WebRoot, NoFolderListingAndNoDotFiles) {
  write_file(root / ".env", "SECRET-DOTFILE");
  for (const char* target : {"/js", "/js/", "/js/app/", "/css", "/.env", "/%2eenv"}) {
    const Reply reply = get(port(), target);
    EXPECT_EQ(reply.status, 404) << target;
    EXPECT_EQ(reply.body.find("main.js"), std::string::npos) << target;
    EXPECT_EQ(reply.body.find("SECRET"), std::string::npos) << target;
  }
}

TEST_F(WebRoot, TraversalAttemptsNeverServeTheFileBesideTheRoot) {
  const std::string absolute = (folder.path / "outside" / "secret.txt").string();
  for (const auto& target : traversal_targets("secret.txt", absolute)) {
    const Reply reply = get(port(), target);
    EXPECT_TRUE(refused_or_page(reply, target, "<!doctype html><p>dev page</p>")) << target << " " << reply.status;
    EXPECT_EQ(reply.body.find("SECRET"), std::string::npos) << target;
  }
  EXPECT_TRUE(server.running());
}

TEST_F(WebRoot, SymlinksOutOfTheRootAreRefusedAndLogged) {
  fs::create_symlink(folder.path / "outside" / "secret.txt", root / "secret.txt");
  fs::create_directory_symlink(folder.path / "outside", root / "out");
  fs::create_symlink("/etc/passwd", root / "js" / "passwd.js");
  for (const char* target : {"/secret.txt", "/out/secret.txt", "/js/passwd.js"}) {
    const Reply reply = get(port(), target);
    EXPECT_EQ(reply.status, 404) << target;
    EXPECT_EQ(reply.body.find("SECRET"), std::string::npos) << target;
    EXPECT_EQ(reply.body.find("root:"), std::string::npos) << target;
  }
  EXPECT_TRUE(server.wait_log("leads outside", 2s)) << server.log();
}

TEST_F(WebRoot, AFileOverTheLimitIsRefused) {
  write_file(root / "huge.js", "");
  fs::resize_file(root / "huge.js", 8 * 1024 * 1024 + 1);
  EXPECT_EQ(get(port(), "/huge.js").status, 404);
  EXPECT_TRUE(server.wait_log("huge.js is over 8 MiB", 2s)) << server.log();
}

TEST(WebRootFlag, TheBuiltInFilesAndTheFolderGiveTheSameTags) {
  ServerProcess embedded;
  ServerProcess from_folder({"--web-root", kPublic.string()});
  ServerProcess from_variable({}, real_server_binary(), {"BOARDHALL_WEB_ROOT=" + kPublic.string()});
  ASSERT_TRUE(embedded.start()) << embedded.log();
  ASSERT_TRUE(from_folder.start()) << from_folder.log();
  ASSERT_TRUE(from_variable.start()) << from_variable.log();
  for (const char* target : {"/", "/favicon.svg"}) {
    const Reply built_in = get(embedded.port(), target);
    EXPECT_EQ(get(from_folder.port(), target).header("etag"), built_in.header("etag")) << target;
    EXPECT_EQ(get(from_variable.port(), target).body, built_in.body) << target;
  }
  EXPECT_TRUE(from_variable.wait_log("web client served from", 1s));
}

TEST(WebRootFlag, AFolderThatIsNotThereStopsTheServerWithOneLine) {
  TempFolder folder;
  const auto result = run_command({real_server_binary(), "--listen", "127.0.0.1:0", "--db",
                                   (folder.path / "x.db").string(), "--web-root", (folder.path / "none").string()});
  EXPECT_EQ(result.status, 2) << result.output;
  EXPECT_NE(result.output.find("--web-root"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("not a folder"), std::string::npos) << result.output;
}

// The page's policy lets it load its module script and stylesheet and open its own
// WebSocket (connect-src 'self' covers ws:// on the page's host and port in CSP Level 3
// browsers), and refuses an inline style attribute. Checked in the browser the
// end-to-end tests use (Debian's chromium, or CHROMIUM); skipped where there is none.
TEST(WebPolicy, ChromiumLetsThePageOpenItsWebSocketAndRefusesInlineStyle) {
  const char* named = std::getenv("CHROMIUM");
  const std::string chromium = named != nullptr ? named : "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << "no Chromium at " << chromium;
  TempFolder folder;
  const fs::path root = folder.path / "site";
  write_file(root / "index.html",
             "<!doctype html><html><head><meta charset=\"utf-8\"><title>probe</title>"
             "<link rel=\"icon\" href=\"/favicon.svg\"><link rel=\"stylesheet\" href=\"/probe.css\">"
             "<script type=\"module\" src=\"/js/probe.js\"></script></head><body><pre id=\"out\"></pre></body></html>");
  write_file(root / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  write_file(root / "probe.css", "#out { color: rgb(1, 2, 3); }");
  write_file(root / "js" / "probe.js", R"(const out = document.getElementById('out');
const say = (text) => { out.textContent += text.toUpperCase() + '\n'; };
document.addEventListener('securitypolicyviolation', (e) => say('violation-' + e.violatedDirective));
say('script-ran');
if (getComputedStyle(out).color === 'rgb(1, 2, 3)') say('stylesheet-applied');
const styled = document.createElement('div');
styled.setAttribute('style', 'color: rgb(255, 0, 0)');
document.body.append(styled);
if (getComputedStyle(styled).color !== 'rgb(255, 0, 0)') say('inline-style-refused');
const ws = new WebSocket(`ws://${location.host}/ws`);
ws.onopen = () => say('ws-open');
ws.onerror = () => say('ws-error');
ws.onmessage = (m) => { if (JSON.parse(m.data).type === 'welcome') say('ws-welcome'); };
)");
  ServerProcess server({"--web-root", root.string()});
  ASSERT_TRUE(server.start()) << server.log();
  // --dump-dom writes the page once its virtual time budget is spent, which does not wait
  // for a WebSocket's handshake: on a loaded machine (a TSan-built server) the page can
  // be written before the socket opened. Up to three runs, so the socket has its chance;
  // every line is checked on the last run.
  CommandResult result;
  for (int attempt = 0; attempt < 3; ++attempt) {
    result = run_command({chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
                          "--user-data-dir=" + (folder.path / "profile").string(), "--virtual-time-budget=5000",
                          "--dump-dom", "http://127.0.0.1:" + std::to_string(server.port()) + "/room/probe"},
                         90s);
    ASSERT_FALSE(result.timed_out) << result.output;
    if (result.output.find("WS-WELCOME") != std::string::npos) break;
  }
  for (const char* seen : {"SCRIPT-RAN", "STYLESHEET-APPLIED", "INLINE-STYLE-REFUSED", "WS-OPEN", "WS-WELCOME",
                           "VIOLATION-STYLE-SRC-ATTR"})
    EXPECT_NE(result.output.find(seen), std::string::npos) << seen << "\n" << result.output;
  EXPECT_EQ(result.output.find("WS-ERROR"), std::string::npos) << result.output;
  EXPECT_EQ(result.output.find("VIOLATION-CONNECT-SRC"), std::string::npos) << result.output;
  EXPECT_EQ(server.stop(), 0) << server.log();
}

TEST_F(Web, MetricsCountThePageAndTheFiles) {
  EXPECT_EQ(get(port(), "/").status, 200);
  EXPECT_EQ(get(port(), "/room/r1").status, 200);
  EXPECT_EQ(get(port(), "/favicon.svg").status, 200);
  const std::string tag = get(port(), "/favicon.svg").header("etag");
  EXPECT_EQ(get(port(), "/favicon.svg", {{"If-None-Match", tag}}).status, 304);
  EXPECT_EQ(get(port(), "/%2e%2e/x").status, 400);
  const std::string text = get(port(), "/metrics").body;
  for (const char* line : {R"(boardhall_http_responses_total{route="/",status="200"} 2)",
                           R"(boardhall_http_responses_total{route="asset",status="200"} 2)",
                           R"(boardhall_http_responses_total{route="asset",status="304"} 1)",
                           R"(boardhall_http_responses_total{route="other",status="400"} 1)"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

}  // namespace
}  // namespace bh::test
