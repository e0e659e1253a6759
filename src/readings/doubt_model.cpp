#include "readings/doubt_model.h"

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace scorecheck {

double DoubtModel::ProbabilityRight(const std::vector<double>& x) const {
  SC_CHECK(x.size() == weights.size(), "the doubt model takes " << weights.size() << " measures, not " << x.size());
  double log_odds = bias;
  for (size_t i = 0; i < x.size(); ++i) log_odds += weights[i] * (x[i] - mean[i]) / scale[i];
  return 1 / (1 + std::exp(-log_odds));
}

bool DoubtModel::Check() const {
  if (features.size() != mean.size() || features.size() != scale.size() || features.size() != weights.size())
    return false;
  for (double s : scale)
    if (!(s > 0) || !std::isfinite(s)) return false;
  for (double w : weights)
    if (!std::isfinite(w)) return false;
  return std::isfinite(bias);
}

DoubtModel LoadDoubtModel(const std::string& path) {
  std::ifstream in(path);
  SC_CHECK(in, path << ": cannot read the doubt model");
  DoubtModel model;
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    model.features = json.at("features").get<std::vector<std::string>>();
    model.mean = json.at("mean").get<std::vector<double>>();
    model.scale = json.at("scale").get<std::vector<double>>();
    model.weights = json.at("weights").get<std::vector<double>>();
    model.bias = json.at("bias").get<double>();
  } catch (const nlohmann::json::exception& e) {
    throw Error(path + ": not a doubt model: " + e.what());
  }
  SC_CHECK(model.Check(), path << ": the doubt model's vectors differ in length or a scale is not positive");
  return model;
}

}  // namespace scorecheck
