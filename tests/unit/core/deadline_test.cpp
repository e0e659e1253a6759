// The time limit of one image's scan.

#include "core/deadline.h"

#include <thread>

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

TEST(DeadlineTest, NoLimitNeverPasses) {
  EXPECT_FALSE(Deadline().Passed());
  EXPECT_FALSE(Deadline::After(0).Passed());
  EXPECT_FALSE(Deadline::After(-1).Passed());
  EXPECT_NO_THROW(Deadline::After(0).Check());
}

TEST(DeadlineTest, PassesAfterItsTimeAndSaysSo) {
  const Deadline soon = Deadline::After(0.005);
  EXPECT_NO_THROW(Deadline::After(60).Check());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(soon.Passed());
  try {
    soon.Check();
    FAIL() << "no GaveUp";
  } catch (const GaveUp& e) {
    EXPECT_STREQ(e.what(), "gave up after 0.005 s (--time-limit)");
  }
  try {
    Deadline::After(2.5).Check();
  } catch (...) {
    FAIL() << "2.5 s have not passed";
  }
}

}  // namespace
}  // namespace scorecheck
