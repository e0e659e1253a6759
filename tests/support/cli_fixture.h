#pragma once
// Runs the built scorecheck binary in a test's own temporary folder: its exit
// code, stdout and stderr.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace scorecheck::testing {

struct CliRun {
  int exit_code = -1;
  std::string out, err;
};

/// The whole file ("" when missing).
inline std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// A test with a fresh folder dir_ (removed afterwards) and the binary at hand.
class CliFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("scorecheck_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// Writes `contents` to dir_/name (folders created) and returns the path.
  std::filesystem::path Write(const std::string& name, const std::string& contents) {
    const std::filesystem::path path = dir_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << contents;
    return path;
  }

  /// Runs `scorecheck ARGS` (a shell command line) with no input.
  CliRun Scorecheck(const std::string& args) {
    const std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string command = std::string(SCORECHECK_BINARY_DIR) + "/scorecheck " + args + " >" + out.string() +
                                " 2>" + err.string() + " </dev/null";
    const int status = std::system(command.c_str());
    CliRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.out = Slurp(out);
    run.err = Slurp(err);
    return run;
  }

  std::filesystem::path dir_;
};

}  // namespace scorecheck::testing
