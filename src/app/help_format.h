#pragma once
// Help written for people: every command's --help lists each option with
// what it takes in plain words ("--jobs N", "--out FOLDER") and its default
// said after its description, never CLI11's type names, ranges, "=[]" or
// "REQUIRED".

#include <memory>

#include <CLI/CLI.hpp>

namespace scorecheck::app {

class PeopleHelpFormatter : public CLI::Formatter {
 public:
  PeopleHelpFormatter();
  std::string make_option_opts(const CLI::Option* option) const override;
  std::string make_option_desc(const CLI::Option* option) const override;
  std::string make_option_usage(const CLI::Option* option) const override;
};

/// Gives `app` and its commands PeopleHelpFormatter.
void UsePeopleHelp(CLI::App& app);

}  // namespace scorecheck::app
