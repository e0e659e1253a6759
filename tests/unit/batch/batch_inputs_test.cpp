#include "batch/batch_inputs.h"
#include "batch/run_batch.h"

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

TEST_F(BatchInputsTest, EveryFileIsTakenWhateverItsNameAndSameNamesInSubfoldersKeepTheirFolders) {
  Touch("in/a/IMG_0001.jpg");
  Touch("in/b/IMG_0001.jpg");
  Touch("in/b/IMG_0002.JPEG");
  Touch("in/notes.txt");
  Touch("in/scan.TIF");
  Touch("in/IMG_0003.AAE");
  Touch("in/.DS_Store");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "in").string()});
  EXPECT_EQ(Names(inputs), (std::vector<std::string>{".DS_Store", "IMG_0003.AAE", "a/IMG_0001.jpg", "b/IMG_0001.jpg",
                                                     "b/IMG_0002.JPEG", "notes.txt", "scan.TIF"}));
  EXPECT_EQ(inputs.files[3].path, (dir_ / "in/b/IMG_0001.jpg").string());
  EXPECT_TRUE(inputs.warnings.empty());
}

TEST_F(BatchInputsTest, SeveralFoldersAreNamedByTheirOwnNamesAndClashesGetANumber) {
  Touch("x/photos/1.jpg");
  Touch("y/photos/1.jpg");
  Touch("z/notes/readme.md");
  fs::create_directories(dir_ / "z/empty");
  Touch("loose.png");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "x/photos").string(), (dir_ / "y/photos").string(),
                                              (dir_ / "z/notes").string(), (dir_ / "z/empty").string(),
                                              (dir_ / "loose.png").string(), (dir_ / "loose.png").string()});
  EXPECT_EQ(Names(inputs), (std::vector<std::string>{"photos/1.jpg", "photos/1-2.jpg", "notes/readme.md", "loose.png",
                                                     "loose-2.png"}));
  ASSERT_EQ(inputs.warnings.size(), 1u);
  EXPECT_NE(inputs.warnings[0].find("z/empty: the folder is empty"), std::string::npos);
}

TEST_F(BatchInputsTest, TheReportFolderOverlaysAndAnswerKeysInsideAnInputFolderAreNotRead) {
  Touch("in/1.jpg");
  Touch("in/report/cards/1.jpg.overlay.jpg");
  Touch("in/report/cards/1.jpg.thumb.jpg");
  Touch("in/old/1.overlay.png");
  Touch("in/1.truth.json");
  const BatchInputs inputs = FindBatchInputs({(dir_ / "in").string()}, (dir_ / "in/report").string());
  EXPECT_EQ(Names(inputs), (std::vector<std::string>{"1.jpg"}));
}

TEST(CardOfInputTest, AFileItsPagesAndTheCardsInThemButNoOtherFile) {
  EXPECT_TRUE(CardOfInput("a/photo.jpg", "a/photo.jpg"));
  EXPECT_TRUE(CardOfInput("scan.pdf page 2", "scan.pdf"));
  EXPECT_TRUE(CardOfInput("photo.jpg#2", "photo.jpg"));
  EXPECT_TRUE(CardOfInput("scan.pdf page 12#1", "scan.pdf"));
  // Other files whose names begin the same way.
  EXPECT_FALSE(CardOfInput("photo.jpg#1.jpg", "photo.jpg"));
  EXPECT_FALSE(CardOfInput("photo.jpg2", "photo.jpg"));
  EXPECT_FALSE(CardOfInput("scan.pdf page two", "scan.pdf"));
  EXPECT_FALSE(CardOfInput("photo.jpg#", "photo.jpg"));
  EXPECT_FALSE(CardOfInput("photo.jpg", "photo.jpg#1"));
}

}  // namespace
}  // namespace scorecheck
