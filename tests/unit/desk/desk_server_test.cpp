// The desk's server over a real socket (cpp-httplib's client): only the
// token's holder gets in, only the report's own files come out, and no
// refused request changes corrections.json. Reading a card again is the
// test's own (it hands back the card as it was and counts the calls): the
// scan itself is tested in tests/cli/desk_browser_test.py.

#include "desk/desk_server.h"

#include <atomic>
#include <filesystem>
#include <future>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>

#include "core/json_text.h"
#include "core/text.h"
#include "desk_test_report.h"
#include "support/scratch_dir.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const std::string kToken = "0123456789abcdef0123456789abcdef";

class DeskServerTest : public ::testing::Test {
 protected:
  DeskServerTest() : scratch_("desk-server"), dir_(scratch_.path() / "report") {
    fs::create_directories(dir_ / "cards");
    testing::WriteDeskTestReport(dir_);
    WriteFileAtomic((dir_ / "cards/0003-rock-scan.jpg.thumb.jpg").string(), "a picture");
    WriteFileAtomic((scratch_.path() / "secret.txt").string(), "not the report's");
    DeskOptions options;
    options.report_dir = dir_.string();
    options.templates_dir = SCORECHECK_SOURCE_DIR "/templates";
    const Json report = testing::DeskTestReport();
    options.recheck = [this, report](const std::string& input, const Corrections&) {
      ++rechecks_;
      BatchRecords same;
      for (const Json& card : report["cards"])
        if (card["file"] == input) same.records.push_back(card);
      same.saved.resize(same.records.size());
      return same;
    };
    desk_ = std::make_unique<Desk>(options, testing::ShippedRulesets());
    DeskServerOptions server_options;
    server_options.templates_dir = options.templates_dir;
    server_ = std::make_unique<DeskServer>(*desk_, dir_.string(), server_options, kToken);
    port_ = server_->Bind();
    serving_ = std::thread([this] { server_->Serve(); });
  }
  ~DeskServerTest() override {
    server_->Stop();
    serving_.join();
  }

  httplib::Client Client() const {
    httplib::Client client("127.0.0.1", port_);
    client.set_keep_alive(true);
    client.set_tcp_nodelay(true);
    return client;
  }
  int Get(const std::string& path) const {
    const auto res = Client().Get(path.c_str());
    return res ? res->status : -1;
  }
  int Post(const std::string& body) const {
    const auto res = Client().Post(("/" + kToken + "/answer").c_str(), body, "application/json");
    return res ? res->status : -1;
  }
  std::string Answers() const {
    std::error_code ec;
    return fs::exists(dir_ / "corrections.json", ec) ? ReadTextFile((dir_ / "corrections.json").string()) : "";
  }

  testing::ScratchDir scratch_;
  fs::path dir_;
  std::atomic<int> rechecks_{0};
  std::unique_ptr<Desk> desk_;
  std::unique_ptr<DeskServer> server_;
  int port_ = 0;
  std::thread serving_;
};

const char* kRockAces = R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "aces", "value": 3})";

TEST_F(DeskServerTest, OnlyTheTokensHolderGetsIn) {
  EXPECT_EQ(Get("/" + kToken + "/"), 200);
  EXPECT_EQ(Get("/" + kToken + "/state"), 200);
  EXPECT_EQ(Get("/"), 404);
  EXPECT_EQ(Get("/state"), 404);
  EXPECT_EQ(Get("/0123456789abcdef0123456789abcdee/state"), 404);
  EXPECT_EQ(Get("/" + kToken.substr(0, 31) + "/state"), 404);
  const auto res = Client().Post("/0123456789abcdef0123456789abcdee/answer", kRockAces, "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  EXPECT_EQ(Answers(), "");
}

TEST_F(DeskServerTest, OnlyTheReportsOwnFilesComeOut) {
  EXPECT_EQ(Get("/" + kToken + "/files/cards/0003-rock-scan.jpg.thumb.jpg"), 200);
  EXPECT_EQ(Get("/" + kToken + "/files/report.json"), 200);
  EXPECT_EQ(Get("/" + kToken + "/files/../secret.txt"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/cards/../../secret.txt"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/%2e%2e/secret.txt"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/%2E%2E%2Fsecret.txt"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/cards%2F..%2F..%2Fsecret.txt"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files//etc/passwd"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/nothing.jpg"), 404);
  fs::create_symlink(scratch_.path() / "secret.txt", dir_ / "cards/link.jpg");
  fs::create_directory_symlink(scratch_.path(), dir_ / "up");
  EXPECT_EQ(Get("/" + kToken + "/files/cards/link.jpg"), 404);
  EXPECT_EQ(Get("/" + kToken + "/files/up/secret.txt"), 404);
  fs::create_symlink(dir_ / "report.json", dir_ / "cards/inside.json");
  EXPECT_EQ(Get("/" + kToken + "/files/cards/inside.json"), 200);  // a link that stays inside is the report's
}

TEST_F(DeskServerTest, RefusedAnswersChangeNothing) {
  const std::string huge(10u << 20, 'x');
  EXPECT_EQ(Post(huge), 413);
  EXPECT_EQ(Post(std::string("{\"file\": \"0003-rock-scan.jpg\", \"grid\": 1, \"column\": 1, \"name\": \"") +
                 std::string(6000, 'a') + "\"}"),
            400);  // read, and refused as longer than any answer
  EXPECT_EQ(Post("{\"file\": \"0003-rock-scan.jpg\", \"grid\": 1"), 400);
  EXPECT_EQ(Post(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "aces", "value": "lots"})"), 400);
  EXPECT_EQ(Post(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 9, "row": "aces", "value": 3})"), 400);
  EXPECT_EQ(Post(R"({"file": "0003-rock-scan.jpg", "grid": 1, "column": 1, "row": "nines", "value": 3})"), 400);
  EXPECT_EQ(Post(R"({"file": "../report.json", "grid": 1, "column": 1, "row": "aces", "value": 3})"), 400);
  EXPECT_EQ(Answers(), "");
  const auto refused = Client().Post(("/" + kToken + "/answer").c_str(), "[]", "application/json");
  ASSERT_TRUE(refused);
  EXPECT_NE(ParseJsonText<Json>(refused->body).value("error", ""), "");
  desk_->WaitIdle();
  EXPECT_EQ(rechecks_, 0);
}

TEST_F(DeskServerTest, AnAnswerIsSavedAndItsCardCheckedAgain) {
  const std::string before = ReadTextFile((dir_ / "report.json").string());
  EXPECT_EQ(Post(kRockAces), 200);
  EXPECT_NE(Answers().find("\"row\": \"aces\""), std::string::npos) << Answers();
  desk_->WaitIdle();
  EXPECT_EQ(rechecks_, 1);
  // Written again from the records: report.json, cards.csv and index.html.
  const Json report = ParseJsonText<Json>(ReadTextFile((dir_ / "report.json").string()));
  EXPECT_EQ(report["cards"].size(), 3u);
  EXPECT_EQ(report["summary"]["cards"], 3);
  EXPECT_NE(report.value("corrections", ""), "");
  EXPECT_TRUE(fs::exists(dir_ / "cards.csv"));
  EXPECT_TRUE(fs::exists(dir_ / "index.html"));
  const auto state = Client().Get(("/" + kToken + "/state").c_str());
  ASSERT_TRUE(state);
  const Json json = ParseJsonText<Json>(state->body);
  EXPECT_TRUE(json["checking"].empty());
  EXPECT_EQ(json["cards"].size(), 3u);
  EXPECT_FALSE(json["cards"][0].contains("report"));  // the page needs no verification detail
}

TEST_F(DeskServerTest, ABurstFromTwoClientsLosesNoAnswer) {
  // Each client answers the boxes of its own column, over and over, with a
  // growing value: at the end each box holds its client's last answer.
  const std::vector<std::string> rows = {"aces", "twos", "threes", "fours", "fives", "sixes", "three_kind",
                                         "four_kind", "chance", "full_house"};
  constexpr int kEach = 500;
  auto client = [&](int column, std::atomic<int>& failures) {
    httplib::Client c = Client();
    for (int i = 0; i < kEach; ++i) {
      const Json body = {{"file", "0006-classic-photo.jpg"}, {"grid", 1}, {"column", column},
                         {"row", rows[static_cast<size_t>(i) % rows.size()]}, {"value", i}};
      const auto res = c.Post(("/" + kToken + "/answer").c_str(), body.dump(), "application/json");
      if (!res || res->status != 200) ++failures;
    }
  };
  std::atomic<int> failures{0};
  std::thread a(client, 1, std::ref(failures)), b(client, 2, std::ref(failures));
  a.join();
  b.join();
  EXPECT_EQ(failures, 0);
  desk_->WaitIdle();
  const Corrections saved = LoadCorrectionsFile((dir_ / "corrections.json").string());
  ASSERT_EQ(saved.items.size(), 2 * rows.size());
  for (const Correction& c : saved.items) {
    const size_t r = static_cast<size_t>(std::find(rows.begin(), rows.end(), c.row) - rows.begin());
    // The last i < kEach with i % rows == r.
    const int last = static_cast<int>(r) + static_cast<int>(((kEach - 1 - r) / rows.size()) * rows.size());
    EXPECT_EQ(c.value.number, last) << c.column << " " << c.row;
  }
  EXPECT_GE(rechecks_, 1);
  EXPECT_TRUE(desk_->State()["checking"].empty());
}

TEST_F(DeskServerTest, ADeskOnEveryInterfaceSaysWhereAPhoneFindsIt) {
  DeskServerOptions everywhere;
  everywhere.listen = "0.0.0.0";
  everywhere.templates_dir = SCORECHECK_SOURCE_DIR "/templates";
  DeskServer server(*desk_, dir_.string(), everywhere, kToken);
  const int port = server.Bind();
  std::thread serving([&] { server.Serve(); });
  const std::vector<std::string> urls = server.Urls();
  ASSERT_FALSE(urls.empty());
  EXPECT_EQ(urls[0], "http://127.0.0.1:" + std::to_string(port) + "/" + kToken + "/");
  for (const std::string& url : urls) EXPECT_EQ(url.find("0.0.0.0"), std::string::npos) << url;
  httplib::Client client("127.0.0.1", port);
  const auto res = client.Get(("/" + kToken + "/state").c_str());
  EXPECT_TRUE(res && res->status == 200);
  server.Stop();
  serving.join();
}

// A desk stopped before it starts to listen (a person's Ctrl-C at once, a
// test that sends nothing) does not listen for ever: cpp-httplib hears a stop
// only while it listens, and the test fixture's own desk had hung this way.
TEST_F(DeskServerTest, AStopBeforeServingIsNotLost) {
  DeskServerOptions options;
  options.templates_dir = SCORECHECK_SOURCE_DIR "/templates";
  DeskServer server(*desk_, dir_.string(), options, kToken);
  server.Bind();
  server.Stop();
  std::promise<void> returned;
  std::thread serving([&] {
    server.Serve();
    returned.set_value();
  });
  const bool stopped = returned.get_future().wait_for(std::chrono::seconds(20)) == std::future_status::ready;
  if (!stopped) server.Stop();  // listening now, it hears this one
  serving.join();
  EXPECT_TRUE(stopped);
}

}  // namespace
}  // namespace scorecheck
