// Atomic writes: a reader sees the old file or the whole new one, never a
// part, and a failed write leaves no temporary behind.

#include "core/text.h"

#include <filesystem>
#include <ostream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/error.h"
#include "support/scratch_dir.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;

class WriteFileAtomicTest : public ::testing::Test {
 protected:
  size_t FilesIn() const { return std::distance(fs::directory_iterator(dir_), fs::directory_iterator()); }

  testing::ScratchDir scratch_{"text"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(WriteFileAtomicTest, WritesPieceByPieceIntoNewFolders) {
  const fs::path path = dir_ / "a" / "b" / "out.txt";
  WriteFileAtomic(path.string(), [](std::ostream& out) {
    for (int i = 0; i < 3; ++i) out << "line " << i << "\n";
  });
  EXPECT_EQ(ReadTextFile(path.string()), "line 0\nline 1\nline 2\n");
  WriteFileAtomic(path.string(), std::string("replaced"));
  EXPECT_EQ(ReadTextFile(path.string()), "replaced");
}

TEST_F(WriteFileAtomicTest, AWriterThatFailsLeavesTheOldFileAndNoTemporary) {
  const fs::path path = dir_ / "report.json";
  WriteFileAtomic(path.string(), std::string("old"));
  EXPECT_THROW(WriteFileAtomic(path.string(),
                               [](std::ostream& out) {
                                 out << "half of the new";
                                 throw std::runtime_error("card file unreadable");
                               }),
               std::runtime_error);
  EXPECT_EQ(ReadTextFile(path.string()), "old");
  EXPECT_EQ(FilesIn(), 1u);
}

TEST_F(WriteFileAtomicTest, AnUnwritablePlaceIsAnErrorNamingThePath) {
  WriteFileAtomic((dir_ / "file").string(), std::string("x"));
  const fs::path inside_a_file = dir_ / "file" / "out.txt";
  try {
    WriteFileAtomic(inside_a_file.string(), [](std::ostream& out) { out << "never"; });
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(inside_a_file.string()), std::string::npos) << e.what();
  }
  EXPECT_EQ(FilesIn(), 1u);
}

}  // namespace
}  // namespace scorecheck
