// Transfer-Encoding and Sec-WebSocket-Key checks (issue 26, points 9 and 11).
#include "net/request_checks.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace bh::net {
namespace {

TEST(TransferEncoding, OnlyExactlyChunkedOnHttp11IsAccepted) {
  for (const char* codings : {"chunked", "Chunked", "CHUNKED", " chunked\t", "chunked,", ", chunked"})
    EXPECT_EQ(transfer_encoding_refusal(codings, 11), 0u) << codings;
  EXPECT_EQ(transfer_encoding_refusal("chunked", 10), 400u);
  for (const char* codings : {"", " ", "xchunked", "chunkedx", "identity", "chunked, identity", "chunked;x=1",
                              "chunked, chunked", "chunked,chunked,"})
    EXPECT_EQ(transfer_encoding_refusal(codings, 11), 400u) << codings;
  for (const char* codings : {"gzip, chunked", "identity,chunked", "x, chunked"})
    EXPECT_EQ(transfer_encoding_refusal(codings, 11), 501u) << codings;
}

TEST(WebSocketKey, OnlySixteenBytesOfBase64) {
  EXPECT_TRUE(valid_websocket_key("dGhlIHNhbXBsZSBub25jZQ=="));
  EXPECT_TRUE(valid_websocket_key("AAAAAAAAAAAAAAAAAAAAAA=="));
  EXPECT_TRUE(valid_websocket_key("+/+/+/+/+/+/+/+/+/+/+/=="));
  for (const char* key : {"", "abc", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZ!==", "dGhlIHNhbXBsZSBub25j",
                          "dGhlIHNhbXBsZSBub25jZXM=", "dGhlIHNhbXBsZSBub25jZQ==AAAA", "dGhlIHNhbXBsZSBub25jZQ=A",
                          "dGhlIHNhbXBs ZSBub25jZ=="})
    EXPECT_FALSE(valid_websocket_key(key)) << key;
}

TEST(LegalForm, ListsWithoutTheParameterCompactForCompactAndNothingElse) {
  using Query = std::map<std::string, std::string>;
  EXPECT_EQ(legal_form_asked(Query{}), app::LegalForm::list);
  EXPECT_EQ(legal_form_asked(Query{{"other", "x"}}), app::LegalForm::list);
  EXPECT_EQ(legal_form_asked(Query{{"legal", "compact"}}), app::LegalForm::compact);
  for (const std::string& bad : std::vector<std::string>{"", "Compact", "compact ", "list", std::string("compact\0", 8),
                                                         std::string(20'000, 'c'), "\xff\xfe", "compact,compact"})
    EXPECT_EQ(legal_form_asked(Query{{"legal", bad}}), std::nullopt) << bad;
}

}  // namespace
}  // namespace bh::net
