// The Tesseract adapter reads printed lines, top to bottom, with boxes.

#include "labels/text_reader.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "labels/match_labels.h"

namespace scorecheck {
namespace {

TEST(TextReaderTest, ReadsPrintedLinesTopToBottom) {
  cv::Mat block(300, 600, CV_8UC1, cv::Scalar(255));
  const std::vector<std::string> printed = {"Full house", "Small straight", "Chance"};
  for (size_t i = 0; i < printed.size(); ++i)
    cv::putText(block, printed[i], cv::Point(20, 70 + 90 * static_cast<int>(i)), cv::FONT_HERSHEY_DUPLEX, 1.3,
                cv::Scalar(0), 2, cv::LINE_AA);
  const auto reader = TextReader::Create();
  const std::vector<TextLine> lines = reader->ReadLines(block);
  ASSERT_EQ(lines.size(), printed.size());
  for (size_t i = 0; i < printed.size(); ++i) {
    EXPECT_GT(LabelSimilarity(lines[i].text, printed[i]), 0.8) << lines[i].text;
    // The box is around the text's row.
    EXPECT_NEAR(lines[i].box.y + lines[i].box.height / 2.0, 60 + 90.0 * i, 25);
    EXPECT_GT(lines[i].confidence, 0.3);
  }
}

TEST(TextReaderTest, BlankAndEmptyBlocksGiveNoLines) {
  const auto reader = TextReader::Create();
  EXPECT_TRUE(reader->ReadLines(cv::Mat(200, 300, CV_8UC1, cv::Scalar(255))).empty());
  EXPECT_TRUE(reader->ReadLines(cv::Mat()).empty());
}

TEST(TextReaderTest, MissingLanguageDataIsAClearError) {
  TextReaderOptions options;
  options.language = "no_such_language";
  try {
    TextReader::Create(options);
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_language"), std::string::npos) << e.what();
  }
}

TEST(TextReaderTest, NoLanguageIsRefusedByCheck) {
  TextReaderOptions options;
  EXPECT_TRUE(options.Check());
  options.language.clear();
  EXPECT_FALSE(options.Check());
  EXPECT_THROW(TextReader::Create(options), Error);
  EXPECT_THROW(TextReader::CreateLazy(options), Error);
}

}  // namespace
}  // namespace scorecheck
