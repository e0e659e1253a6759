#pragma once
// index.html: the batch report a person opens in a browser, made from
// templates/report/index.html and style.css (markup and style are there; this
// file only prepares what the template shows). One file, no scripts, no
// network: pictures are referred to by paths relative to the report folder.

#include <string>

#include <nlohmann/json.hpp>

namespace scorecheck {

/// What the template is rendered against, made from report.json
/// (BatchReportJson): counts, leaderboards with ranks written "=2" for ties,
/// differences written "+10", cards with their findings and uncertain cells,
/// picture paths as URLs.
nlohmann::ordered_json IndexHtmlContext(const nlohmann::ordered_json& report);

/// The page: <templates_dir>/report/index.html rendered against
/// IndexHtmlContext(report), with report/style.css inlined. Throws Error when
/// a template is missing or malformed.
std::string IndexHtml(const nlohmann::ordered_json& report, const std::string& templates_dir);

/// A confidence (0..1) as people read it, "45%"; "" for null.
std::string PercentText(const nlohmann::ordered_json& confidence);

/// `path` ('/'-separated) with every byte but unreserved ones and '/'
/// percent-encoded, for an href or src.
std::string UrlPath(const std::string& path);

}  // namespace scorecheck
