#include "readings/read_box.h"

#include <algorithm>
#include <memory>
#include <string>

namespace scorecheck {
namespace {

// The states `row` admits, as a mask over BoxState.
std::array<bool, kBoxStates> Admitted(BoxRow row) {
  switch (row) {
    case BoxRow::kEntry: return {true, true, true, false, false};
    case BoxRow::kTicksOrPoints: return {true, true, true, true, true};
    case BoxRow::kTicks: return {true, true, true, true, false};
  }
  return {true, true, true, false, false};
}

double& At(std::array<double, kBoxStates>& p, BoxState s) { return p[static_cast<int>(s)]; }

}  // namespace

Reading ReadBox(const BoxReading& box, BoxRow row, int max_alternatives) {
  // The states' probabilities over those the row admits.
  std::array<double, kBoxStates> state = box.state;
  const std::array<bool, kBoxStates> admitted = Admitted(row);
  double sum = 0;
  for (int s = 0; s < kBoxStates; ++s) sum += state[s] = admitted[s] ? state[s] : 0.0;
  if (sum <= 0) {  // nothing the row admits: read as empty
    state = {1, 0, 0, 0, 0};
    sum = 1;
  }
  for (double& p : state) p /= sum;

  Reading reading;
  auto shared = std::make_shared<BoxReading>(box);
  shared->state = state;
  reading.box = shared;
  for (const BoxReading::Value& v : box.numbers) {
    if (static_cast<int>(reading.alternatives.size()) >= max_alternatives) break;
    const bool seen = std::any_of(reading.alternatives.begin(), reading.alternatives.end(),
                                  [&](const Candidate& c) { return c.value == v.value; });
    // "07" and "7" are one value: score it once, exactly, over both spellings' written form.
    if (!seen) reading.alternatives.push_back({v.value, At(state, BoxState::kNumber) * box.NumberProbability(v.value)});
  }
  std::sort(reading.alternatives.begin(), reading.alternatives.end(),
            [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  const double top_number = reading.alternatives.empty() ? 0 : reading.alternatives[0].score;
  reading.number_confidence = top_number;

  // Ticks: the likeliest count; with points, the likeliest points beside them.
  int ticks = 1;
  for (int k = 2; k <= kBoxMaxTicks; ++k)
    if (box.ticks[k] > box.ticks[ticks]) ticks = k;
  const double top_points = box.numbers.empty() ? 0 : box.NumberProbability(box.numbers[0].value);
  const double p_ticks = At(state, BoxState::kTicks) * box.ticks[ticks];
  const double p_ticks_points = At(state, BoxState::kTicksPoints) * box.ticks[ticks] * top_points;

  struct Option {
    ReadingStatus status;
    double p;
    bool points;
  };
  const Option options[] = {{ReadingStatus::kEmpty, At(state, BoxState::kEmpty), false},
                            {ReadingStatus::kNumber, top_number, false},
                            {ReadingStatus::kCrossed, At(state, BoxState::kCrossed), false},
                            {ReadingStatus::kChecks, p_ticks, false},
                            {ReadingStatus::kChecks, p_ticks_points, true}};
  const Option best = *std::max_element(std::begin(options), std::end(options),
                                        [](const Option& a, const Option& b) { return a.p < b.p; });
  reading.status = best.status;
  reading.confidence = best.p;
  switch (best.status) {
    case ReadingStatus::kNumber:
      reading.value = reading.alternatives[0].value;
      reading.raw = std::to_string(reading.value);
      break;
    case ReadingStatus::kChecks:
      reading.checks = ticks;
      reading.raw = std::string(ticks, '/');
      if (best.points) {
        reading.points = box.numbers[0].value;
        reading.points_confidence = top_points;
        reading.raw += " " + std::to_string(*reading.points);
      }
      break;
    case ReadingStatus::kCrossed: reading.raw = "X"; break;
    default: break;
  }
  if (reading.status != ReadingStatus::kNumber && reading.status != ReadingStatus::kCrossed)
    reading.alternatives.clear();
  return reading;
}

}  // namespace scorecheck
