// RunBatch() refuses settings out of range before it reads a file.

#include "batch/run_batch.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "rules/ruleset_library.h"

namespace scorecheck {
namespace {

TEST(RunBatchTest, OptionsNeedAReportFolderAndAWorker) {
  BatchOptions options;
  EXPECT_FALSE(options.Check());  // no report folder
  options.report_dir = "report";
  EXPECT_TRUE(options.Check());
  options.jobs = 0;
  EXPECT_FALSE(options.Check());
  options.jobs = 2;
  options.scan.min_confidence = 2;  // a share above 1
  EXPECT_FALSE(options.Check());
}

TEST(RunBatchTest, SettingsOutOfRangeThrowBeforeAnyFileIsRead) {
  BatchOptions options;
  options.report_dir = "report";
  options.jobs = 0;
  try {
    RunBatch({}, RulesetLibrary{}, options, nullptr);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("jobs 0"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scorecheck
