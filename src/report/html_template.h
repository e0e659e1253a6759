#pragma once
// A small logic-less template language (a subset of Mustache), so the HTML
// report's markup and style live in templates/report/ and not in C++ strings.
//
//   {{name}}            the value, HTML-escaped ({{a.b}} looks inside objects)
//   {{{name}}}          the value as is (markup the program made safe itself)
//   {{#name}}..{{/name}} once per element of an array; once with an object as the
//                       innermost context; once for true, a non-zero number or a
//                       non-empty string; not at all for false, null, 0, "", []
//   {{^name}}..{{/name}} once when {{#name}} would not render
//   {{.}}               the current element itself
//   {{! comment }}      nothing
//
// A name is looked up in the innermost context first, then outwards. A name
// found nowhere renders as nothing (as in Mustache).

#include <string>

#include <nlohmann/json.hpp>

namespace scorecheck {

/// Renders `text` against `context`. `template_name` names the template in
/// errors. Throws Error for a malformed template (an unclosed or mismatched
/// section, an unterminated tag), naming the template and the line.
std::string RenderTemplate(const std::string& text, const nlohmann::ordered_json& context,
                           const std::string& template_name);

/// A report page: <templates_dir>/report/<page> rendered against `context`
/// with report/style.css given to it as "style" (inlined by the page). Throws
/// Error naming the file when a template is missing or malformed.
std::string RenderReportPage(const std::string& templates_dir, const std::string& page,
                             nlohmann::ordered_json context);

/// `text` with &, <, >, " and ' replaced by their HTML entities.
std::string EscapeHtml(const std::string& text);

}  // namespace scorecheck
