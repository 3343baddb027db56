// The record's own helpers: the day its Date tag names.
#include <gtest/gtest.h>

#include "records/record.hpp"

namespace bh::records {
namespace {

Record dated(std::string date) {
  Record r;
  r.tags.emplace_back("Date", std::move(date));
  return r;
}

constexpr std::int64_t day_ms = 86'400'000;

TEST(DateTag, AFullDateIsThatDayAtMidnightUtc) {
  EXPECT_EQ(date_tag_ms(dated("1970.01.02")), day_ms);
  EXPECT_EQ(date_tag_ms(dated("2026.11.26")), 1'795'651'200'000);
}

TEST(DateTag, BeforeNineteenSeventyIsNegative) {
  EXPECT_EQ(date_tag_ms(dated("1969.12.31")), -day_ms);
  EXPECT_LT(*date_tag_ms(dated("1947.03.10")), 0);
}

TEST(DateTag, AnUnknownMonthOrDayIsTheFirst) {
  EXPECT_EQ(date_tag_ms(dated("1970.??.??")), 0);
  EXPECT_EQ(date_tag_ms(dated("1970.01.??")), 0);
}

// What old draughts files write: a year alone ("1950."), or day.month.year.
TEST(DateTag, AYearAloneOrDayMonthYear) {
  EXPECT_EQ(date_tag_ms(dated("1970.")), 0);
  EXPECT_EQ(date_tag_ms(dated("1970")), 0);
  EXPECT_EQ(date_tag_ms(dated("2.1.1970")), day_ms);
  EXPECT_EQ(date_tag_ms(dated("02.01.1970")), day_ms);
  EXPECT_EQ(date_tag_ms(dated("1.1.1965")), date_tag_ms(dated("1965.01.01")));
}

TEST(DateTag, NoYearNoTagOrNoDateIsNothing) {
  EXPECT_FALSE(date_tag_ms(dated("????.??.??")));
  EXPECT_FALSE(date_tag_ms(Record{}));
  for (const char* bad : {"1947.13.01", "1947.02.30", "1947-03-10", "47.03.10", "1947.0a.10", "", "1947.03.10 ",
                          "1.1.65", "1947.03.10.01", "..", "?", "1.1.?"})
    EXPECT_FALSE(date_tag_ms(dated(bad))) << bad;
}

}  // namespace
}  // namespace bh::records
