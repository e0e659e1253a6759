#pragma once
// Grid stage, inside: reading the tables the lattice found. Every column is
// profiled, the columns that look printed are read by the OCR, and each
// column's role follows from what it holds; score columns that hold several
// equal ones are split apart. Used by LocateGrid(); not part of the stage's
// contract.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "grid/column_roles.h"
#include "grid/locate_grid.h"
#include "labels/text_reader.h"
#include "lattice/find_lattice.h"
#include "rules/ruleset.h"

namespace scorecheck {

// The printed text and the column roles of every grid of one orientation of
// the page.
struct TableReading {
  std::vector<Lattice> grids;                        // the grids, score columns that hold several split apart
  std::vector<ColumnRoles> roles;                    // per grid
  std::vector<std::vector<ColumnReading>> readings;  // per grid: the columns the OCR read
  double fit = 0;                                    // mean over grids of the label column's fit
};

/// The most score columns any of `rulesets` has.
int MostScoreColumns(const std::vector<const Ruleset*>& rulesets);

/// Reads the columns of every grid of `lattice` that look printed (all of
/// them when none does) on `flat` and tells each column's role from what it
/// holds. Grids of one page are printed alike: a grid shaped like one
/// already read reuses its texts.
TableReading ReadTables(const LatticeResult& lattice, const cv::Mat& flat, double px_per_mm,
                        const std::vector<const Ruleset*>& rulesets, const KnownLabels& known,
                        const GridOptions& options, TextReader& reader);

/// Grids of one page are printed alike: a grid of `table` as wide as
/// another, with as many rows and its labels in the same place, whose score
/// area came out in fewer columns (nobody wrote in some of them: no ink
/// parts them) takes the other's columns and roles; its own printed texts
/// stay (its labels may read better), the columns past its score area
/// numbered on. Never more than `most_columns` score columns. (ReadTables
/// does this.)
void ShareColumns(TableReading& table, int most_columns, double px_per_mm);

/// The OCR's rows of column `column` among `readings`; none when it was not read.
const std::vector<std::string>& ColumnText(const std::vector<ColumnReading>& readings, int column);

}  // namespace scorecheck
