// AnswerIntegration: an answer from the workspace's documents grown into the
// map (DESIGN §11.3: "the answer grows the map under nodeId or the matched
// node, reusing nodes"; MindTrellis §9 items 33-36). The question is the
// general point (its topic, the answer's summary as details, every citation
// as sources); each cited passage is a detail under it, titled by the
// passage's heading, with the answer's sentences from that passage as
// details and the passage as its source. Reuse and the node budget are
// ExchangeIntegration's, so asking twice adds nothing twice.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/ExchangeIntegration.h"

namespace grove::knowledge {

/// The exchange `question` / `answer` (an answer whose sentences end in
/// citation marks "[n]", n counting `citations` from 1) with one point per
/// cited passage heading and the marks taken out of the text.
Exchange answerExchange(const std::string& question, const std::string& answer,
                        const std::vector<Citation>& citations);

/// `text` without its citation marks (" [3]", "[1][2]").
std::string withoutCitationMarks(const std::string& text);

/// The heading a passage's citation names: the last part of "Doc › Section".
std::string passageHeading(const Citation& citation);

}  // namespace grove::knowledge
