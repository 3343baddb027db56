// The moderation book (docs/moderation.md): blocks both ways, sanctions that end on
// time with the words a player is told, address ranges, refused names; and the one
// written form of an address or range that address blocks are kept by.
#include <gtest/gtest.h>

#include "app/moderation/moderation_answers.hpp"
#include "app/moderation/moderation_book.hpp"

namespace bh::app {
namespace {

TEST(ModerationBook, BlocksKeepApartBothWaysAndSanctionsEndOnTime) {
  ModerationBook book;
  book.set_block("ann", "bob", true);
  EXPECT_TRUE(book.blocks("ann", "bob"));
  EXPECT_FALSE(book.blocks("bob", "ann"));
  EXPECT_TRUE(book.apart("bob", "ann"));
  book.set_block("cat", "ann", true);
  EXPECT_EQ(book.kept_apart_from("ann"), (std::vector<std::string>{"bob", "cat"}));
  EXPECT_EQ(book.blocked_by("ann"), std::vector<std::string>{"bob"});
  book.set_block("ann", "bob", false);
  EXPECT_FALSE(book.apart("ann", "bob"));

  book.set_sanction("bob", {"suspend", 1'000});
  EXPECT_TRUE(book.sanction_of("bob", 999));
  EXPECT_FALSE(book.sanction_of("bob", 1'000));
  book.set_sanction("bob", {"ban", std::nullopt});
  EXPECT_EQ(book.sanction_of("bob", 1'000'000)->kind, "ban");
  EXPECT_EQ(sanction_text(*book.sanction_of("bob", 0)), "this account is banned");
  EXPECT_EQ(sanction_text({"suspend", 1'764'417'600'000}), "this account is suspended until 2025-11-29 12:00 UTC");
  book.lift("bob");
  EXPECT_FALSE(book.sanction_of("bob", 0));
}

TEST(ModerationBook, AddressRangesHoldTheirAddressesOnlyUntilTheyEnd) {
  ModerationBook book;
  book.set_address_block("203.0.113.0/24", std::nullopt);
  book.set_address_block("2001:db8::/32", 5'000);
  EXPECT_TRUE(book.address_blocked("203.0.113.77", 0));
  EXPECT_FALSE(book.address_blocked("203.0.114.1", 0));
  EXPECT_TRUE(book.address_blocked("2001:db8:1::5", 4'999));
  EXPECT_FALSE(book.address_blocked("2001:db8:1::5", 5'000));
  EXPECT_FALSE(book.address_blocked("not an address", 0));
  book.remove_address_block("203.0.113.0/24");
  EXPECT_FALSE(book.address_blocked("203.0.113.77", 0));
  book.set_name_refused("admin", true);
  EXPECT_TRUE(book.name_refused("admin"));
  book.set_name_refused("admin", false);
  EXPECT_FALSE(book.name_refused("admin"));
}

TEST(ModerationBook, AnAddressOrRangeHasOneWrittenFormWithItsHostBitsCleared) {
  EXPECT_EQ(canonical_range("10.1.2.3/8"), "10.0.0.0/8");
  EXPECT_EQ(canonical_range("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(canonical_range("192.0.2.7/32"), "192.0.2.7");
  EXPECT_EQ(canonical_range("2001:DB8::1/32"), "2001:db8::/32");
  EXPECT_EQ(canonical_range("::ffff:192.0.2.1"), "192.0.2.1");
  EXPECT_FALSE(canonical_range("10.0.0.0/33"));
  EXPECT_FALSE(canonical_range("example.org"));
  EXPECT_FALSE(canonical_range(""));
}

}  // namespace
}  // namespace bh::app
