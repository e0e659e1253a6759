#include "report/html_template.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <vector>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

struct Node {
  enum class Kind { kText, kEscaped, kRaw, kSection, kInverted } kind = Kind::kText;
  std::string text;  ///< kText: the text; otherwise the name
  std::vector<Node> children;
};

std::string Trim(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

int LineAt(const std::string& text, size_t pos) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
}

// Parses the whole template into a tree, so a malformed one fails before any
// output is made rather than half way through rendering.
std::vector<Node> Parse(const std::string& text, const std::string& template_name) {
  struct Open {
    Node node;
    size_t at;
  };
  std::vector<Node> root;
  std::vector<Open> open;
  auto children = [&]() -> std::vector<Node>& { return open.empty() ? root : open.back().node.children; };
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t tag = text.find("{{", pos);
    if (tag == std::string::npos) {
      children().push_back({Node::Kind::kText, text.substr(pos), {}});
      break;
    }
    if (tag > pos) children().push_back({Node::Kind::kText, text.substr(pos, tag - pos), {}});
    const bool triple = text.compare(tag, 3, "{{{") == 0;
    const size_t close = text.find(triple ? "}}}" : "}}", tag + (triple ? 3 : 2));
    SC_CHECK(close != std::string::npos,
             template_name << ": line " << LineAt(text, tag) << ": a tag opened with {{ is never closed");
    const std::string inside = text.substr(tag + (triple ? 3 : 2), close - tag - (triple ? 3 : 2));
    pos = close + (triple ? 3 : 2);
    if (triple) {
      children().push_back({Node::Kind::kRaw, Trim(inside), {}});
      continue;
    }
    const char sigil = inside.empty() ? '\0' : inside[0];
    const std::string name = Trim(sigil == '#' || sigil == '^' || sigil == '/' || sigil == '!' || sigil == '&'
                                      ? inside.substr(1)
                                      : inside);
    if (sigil == '!') continue;
    if (sigil == '&') {
      children().push_back({Node::Kind::kRaw, name, {}});
    } else if (sigil == '#' || sigil == '^') {
      open.push_back({{sigil == '#' ? Node::Kind::kSection : Node::Kind::kInverted, name, {}}, tag});
    } else if (sigil == '/') {
      SC_CHECK(!open.empty(), template_name << ": line " << LineAt(text, tag) << ": {{/" << name
                                            << "}} closes a section that was never opened");
      SC_CHECK(open.back().node.text == name, template_name << ": line " << LineAt(text, tag) << ": {{/" << name
                                                            << "}} closes section \"" << open.back().node.text
                                                            << "\" opened on line "
                                                            << LineAt(text, open.back().at));
      Node done = std::move(open.back().node);
      open.pop_back();
      children().push_back(std::move(done));
    } else {
      SC_CHECK(!name.empty(), template_name << ": line " << LineAt(text, tag) << ": an empty tag {{}}");
      children().push_back({Node::Kind::kEscaped, name, {}});
    }
  }
  SC_CHECK(open.empty(), template_name << ": line " << LineAt(text, open.back().at) << ": section \""
                                       << open.back().node.text << "\" is never closed");
  return root;
}

// The value `name` stands for, innermost context first; nullptr when absent.
const Json* Lookup(const std::vector<const Json*>& contexts, const std::string& name) {
  if (name == ".") return contexts.back();
  const size_t dot = name.find('.');
  const std::string head = name.substr(0, dot);
  for (auto it = contexts.rbegin(); it != contexts.rend(); ++it) {
    if (!(*it)->is_object()) continue;
    auto found = (*it)->find(head);
    if (found == (*it)->end()) continue;
    const Json* value = &*found;
    size_t from = dot;
    while (from != std::string::npos) {
      const size_t next = name.find('.', from + 1);
      const std::string part = name.substr(from + 1, next == std::string::npos ? std::string::npos : next - from - 1);
      if (!value->is_object() || !value->contains(part)) return nullptr;
      value = &(*value)[part];
      from = next;
    }
    return value;
  }
  return nullptr;
}

bool Truthy(const Json* value) {
  if (!value || value->is_null()) return false;
  if (value->is_boolean()) return value->get<bool>();
  if (value->is_number()) return value->get<double>() != 0;
  if (value->is_string()) return !value->get_ref<const std::string&>().empty();
  if (value->is_array()) return !value->empty();
  return true;  // an object
}

std::string AsText(const Json* value) {
  if (!value || value->is_null()) return "";
  if (value->is_string()) return value->get<std::string>();
  if (value->is_boolean()) return value->get<bool>() ? "true" : "false";
  return value->dump();
}

void Render(const std::vector<Node>& nodes, std::vector<const Json*>& contexts, std::string& out) {
  for (const Node& node : nodes) {
    switch (node.kind) {
      case Node::Kind::kText:
        out += node.text;
        break;
      case Node::Kind::kEscaped:
        out += EscapeHtml(AsText(Lookup(contexts, node.text)));
        break;
      case Node::Kind::kRaw:
        out += AsText(Lookup(contexts, node.text));
        break;
      case Node::Kind::kInverted:
        if (!Truthy(Lookup(contexts, node.text))) Render(node.children, contexts, out);
        break;
      case Node::Kind::kSection: {
        const Json* value = Lookup(contexts, node.text);
        if (!Truthy(value)) break;
        if (value->is_array()) {
          for (const Json& element : *value) {
            contexts.push_back(&element);
            Render(node.children, contexts, out);
            contexts.pop_back();
          }
        } else if (value->is_object()) {
          contexts.push_back(value);
          Render(node.children, contexts, out);
          contexts.pop_back();
        } else {
          Render(node.children, contexts, out);
        }
        break;
      }
    }
  }
}

}  // namespace

std::string EscapeHtml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string RenderReportPage(const std::string& templates_dir, const std::string& page,
                             nlohmann::ordered_json context) {
  const std::filesystem::path dir = std::filesystem::path(templates_dir) / "report";
  auto read = [](const std::filesystem::path& path) {
    try {
      return ReadTextFile(path.string());
    } catch (const Error& e) {
      throw Error(path.string() + ": " + e.what());
    }
  };
  context["style"] = read(dir / "style.css");
  return RenderTemplate(read(dir / page), context, (dir / page).string());
}

std::string RenderTemplate(const std::string& text, const nlohmann::ordered_json& context,
                           const std::string& template_name) {
  const std::vector<Node> tree = Parse(text, template_name);
  std::vector<const Json*> contexts = {&context};
  std::string out;
  out.reserve(text.size() * 2);
  Render(tree, contexts, out);
  return out;
}

}  // namespace scorecheck
