#include "report/html_template.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

TEST(HtmlTemplateTest, ValuesAreEscapedUnlessTripleBraced) {
  const Json context = {{"name", "<b>Ann & \"Bo\"</b>"}, {"n", 42}, {"style", "a > b {}"}};
  EXPECT_EQ(RenderTemplate("{{name}} {{n}} {{{style}}}", context, "t"),
            "&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt; 42 a > b {}");
}

TEST(HtmlTemplateTest, SectionsIterateArraysAndLookOutwards) {
  const Json context = {{"title", "T"}, {"rows", {{{"v", 1}}, {{"v", 2}}}}, {"empty", Json::array()}};
  EXPECT_EQ(RenderTemplate("{{#rows}}[{{v}}{{title}}]{{/rows}}{{#empty}}x{{/empty}}{{^empty}}none{{/empty}}", context,
                           "t"),
            "[1T][2T]none");
}

TEST(HtmlTemplateTest, FalsyValuesHideASectionAndObjectsBecomeTheContext) {
  const Json context = {{"yes", true}, {"no", false}, {"zero", 0}, {"blank", ""}, {"null", nullptr},
                        {"who", {{"name", "Ann"}}}};
  EXPECT_EQ(RenderTemplate("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#zero}}0{{/zero}}{{#blank}}B{{/blank}}"
                           "{{#null}}U{{/null}}{{#missing}}M{{/missing}}{{#who}}{{name}}{{/who}}{{who.name}}",
                           context, "t"),
            "YAnnAnn");
}

TEST(HtmlTemplateTest, CommentsAndUnknownNamesRenderAsNothing) {
  EXPECT_EQ(RenderTemplate("a{{! a note }}b{{unknown}}c", Json::object(), "t"), "abc");
}

TEST(HtmlTemplateTest, MalformedTemplatesFailNamingTheTemplateAndLine) {
  for (const std::string bad : {"x\n{{#a}}never closed", "{{#a}}{{/b}}", "{{/a}}", "line\n{{open"}) {
    try {
      RenderTemplate(bad, Json::object(), "index.html");
      ADD_FAILURE() << "no error for: " << bad;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("index.html: line "), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace scorecheck
