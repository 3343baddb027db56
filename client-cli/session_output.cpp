#include "session_output.hpp"

#include "protocol/json_fields.hpp"

namespace bh::cli {
namespace {

std::string quoted(const std::string& v) {
  const bool plain = !v.empty() && v.find_first_of(" \t\"\\=") == std::string::npos;
  if (plain) return v;
  std::string out = "\"";
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + '"';
}

}  // namespace

std::string_view kind_name(Out::Kind k) {
  switch (k) {
    case Out::Kind::ok:
      return "ok";
    case Out::Kind::error:
      return "error";
    case Out::Kind::event:
      return "event";
    case Out::Kind::data:
      return "data";
  }
  return "?";
}

std::vector<std::string> script_lines(const Out& out, bool json) {
  std::vector<std::string> result;
  if (json) {
    protocol::Json j = protocol::Json::object();
    j["kind"] = kind_name(out.kind);
    j["name"] = out.name;
    for (const auto& f : out.fields) j[f.key] = f.number ? protocol::Json::parse(f.value) : protocol::Json(f.value);
    if (out.lines_for_scripts && !out.lines.empty()) j["lines"] = out.lines;
    if (out.message) j["message"] = *out.message;
    result.push_back(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    return result;
  }
  std::string line(kind_name(out.kind));
  line += ' ';
  line += out.name;
  for (const auto& f : out.fields) line += ' ' + f.key + '=' + quoted(f.value);
  result.push_back(std::move(line));
  if (out.lines_for_scripts)
    for (const auto& l : out.lines) result.push_back("| " + l);
  return result;
}

void ScriptSink::emit(const Out& out) {
  for (const auto& l : script_lines(out, json_)) {
    std::fputs(l.c_str(), file_);
    std::fputc('\n', file_);
  }
  std::fflush(file_);
}

}  // namespace bh::cli
