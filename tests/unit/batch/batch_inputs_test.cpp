#include "batch/batch_inputs.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "support/scratch_dir.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

class BatchInputsTest : public ::testing::Test {
 protected:
  void Touch(const std::string& name) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << "x";
  }
  std::vector<std::string> Names(const BatchInputs& inputs) {
    std::vector<std::string> names;
    for (const BatchInput& input : inputs.files) names.push_back(input.name);
    return names;
  }
  testing::ScratchDir scratch_{"inputs"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(BatchInputsTest, SameFileNamesInSubfoldersKeepTheirFolders) {
  Touch("in/a/IMG_0001.jpg");
  Touch("in/b/IMG_0001.jpg");
  Touch("in/b/IMG_0002.JPEG");
  Touch("in/notes.txt");
  Touch("in/scan.TIF");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "in").string()});
  EXPECT_EQ(Names(inputs), (std::vector<std::string>{"a/IMG_0001.jpg", "b/IMG_0001.jpg", "b/IMG_0002.JPEG",
                                                     "scan.TIF"}));
  EXPECT_EQ(inputs.files[1].path, (dir_ / "in/b/IMG_0001.jpg").string());
  EXPECT_TRUE(inputs.warnings.empty());
}

TEST_F(BatchInputsTest, SeveralFoldersAreNamedByTheirOwnNamesAndClashesGetANumber) {
  Touch("x/photos/1.jpg");
  Touch("y/photos/1.jpg");
  Touch("z/empty/readme.md");
  Touch("loose.png");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "x/photos").string(), (dir_ / "y/photos").string(),
                                              (dir_ / "z/empty").string(), (dir_ / "loose.png").string(),
                                              (dir_ / "loose.png").string()});
  EXPECT_EQ(Names(inputs),
            (std::vector<std::string>{"photos/1.jpg", "photos/1-2.jpg", "loose.png", "loose-2.png"}));
  ASSERT_EQ(inputs.warnings.size(), 1u);
  EXPECT_NE(inputs.warnings[0].find("z/empty: holds no image"), std::string::npos);
}

TEST_F(BatchInputsTest, TheReportFolderAndOverlaysInsideAnInputFolderAreNotRead) {
  Touch("in/1.jpg");
  Touch("in/report/cards/1.jpg.overlay.jpg");
  Touch("in/report/cards/1.jpg.thumb.jpg");
  Touch("in/old/1.overlay.png");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "in").string()}, (dir_ / "in/report").string());
  EXPECT_EQ(Names(inputs), (std::vector<std::string>{"1.jpg"}));
}

TEST_F(BatchInputsTest, ImageNamesAreRecognisedInAnyCase) {
  EXPECT_TRUE(IsImageName("a/b.JPG"));
  EXPECT_TRUE(IsImageName("b.tiff"));
  EXPECT_TRUE(IsImageName("b.WebP"));
  EXPECT_FALSE(IsImageName("b.json"));
  EXPECT_FALSE(IsImageName("jpg"));
}

}  // namespace
}  // namespace scorecheck
