#include "app/help_format.h"

#include <cctype>

namespace scorecheck::app {
namespace {

// What an option takes, as a word a person reads: N for a number, else the
// option's own name in capitals ("--ruleset RULESET"), unless it says its own
// (Option::option_text).
std::string Placeholder(const CLI::Option* option) {
  const std::string type = option->get_type_name();
  if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0 || type.rfind("FLOAT", 0) == 0) return "N";
  std::string name = option->get_lnames().empty() ? option->get_name(false, true) : option->get_lnames()[0];
  for (char& c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace

PeopleHelpFormatter::PeopleHelpFormatter() {
  label("Positionals", "What to give it");
  label("OPTIONS", "options");
  label("Usage", "Use");
  label("SUBCOMMAND", "COMMAND");
  label("Subcommands", "Commands");
}

std::string PeopleHelpFormatter::make_option_opts(const CLI::Option* option) const {
  if (option->get_positional()) return "";
  if (!option->get_option_text().empty()) return option->get_option_text();
  if (option->get_expected_max() == 0) return "";  // a flag: takes nothing
  return " " + Placeholder(option);
}

std::string PeopleHelpFormatter::make_option_desc(const CLI::Option* option) const {
  std::string text = option->get_description();
  const std::string value = option->get_default_str();
  const bool says_default = text.find("default") != std::string::npos;
  if (!says_default && option->get_expected_max() != 0 && !option->get_positional() && !value.empty() && value != "[]")
    text += " (default: " + value + ")";
  return text;
}

std::string PeopleHelpFormatter::make_option_usage(const CLI::Option* option) const {
  std::string name = option->get_name(true, false);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const bool many = option->get_expected_max() == CLI::detail::expected_max_vector_size;
  return option->get_required() ? name + (many ? "..." : "") : "[" + name + (many ? "..." : "") + "]";
}

void UsePeopleHelp(CLI::App& app) { app.formatter(std::make_shared<PeopleHelpFormatter>()); }

}  // namespace scorecheck::app
