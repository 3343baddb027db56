# Writes the C++ table of the web client's files (embedded_files.hpp) at build time:
#   cmake -DROOT=web/public -DLIST=<file of names, one a line> -DOUT=<file.cpp> -P embed_files.cmake
# Each file becomes a string literal of \xNN escapes (any bytes, no terminator issue),
# with its size and its ETag: the first 32 hex digits of its SHA-256, as disk_site.cpp
# computes them for --web-root. The names arrive sorted (server.cmake sorts them).
foreach(var ROOT LIST OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_files.cmake: -D${var}=... is required")
  endif()
endforeach()

file(STRINGS "${LIST}" names)
string(REPEAT "[0-9a-f]" 96 line_of_hex)  # 48 bytes per source line

set(blobs "")
set(rows "")
set(index 0)
foreach(name IN LISTS names)
  set(path "${ROOT}/${name}")
  file(READ "${path}" hex HEX)
  file(SHA256 "${path}" sha)
  string(SUBSTRING "${sha}" 0 32 tag)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "(${line_of_hex})" "\\1\n" lines "${hex}")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" lines "${lines}")
  string(REPLACE "\n" "\"\n    \"" lines "${lines}")
  string(APPEND blobs "// ${name}\nconstexpr char kFile${index}[] =\n    \"${lines}\";\n")
  string(APPEND rows "    {\"${name}\", {kFile${index}, ${size}}, R\"(\"${tag}\")\"},\n")
  math(EXPR index "${index} + 1")
endforeach()

if(index EQUAL 0)
  set(table "constexpr std::span<const EmbeddedFile> kFiles{};")
else()
  set(table "constexpr EmbeddedFile kFiles[] = {\n${rows}};")
endif()

file(WRITE "${OUT}.tmp" "// Generated at build time by server/web/embed_files.cmake from web/public: do not edit.
#include \"web/embedded_files.hpp\"

// A file over 64 KiB is one literal longer than the standard's minimum limit, which
// clang warns about under -Wpedantic; GCC and clang both take any length.
#ifdef __clang__
#pragma clang diagnostic ignored \"-Woverlength-strings\"
#endif

namespace bh::web {
namespace {

${blobs}
${table}

}  // namespace

std::span<const EmbeddedFile> embedded_files() { return kFiles; }

}  // namespace bh::web
")
file(RENAME "${OUT}.tmp" "${OUT}")
