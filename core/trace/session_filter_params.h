#pragma once
// The session filters by name: `raglens-cli sessions --outcome FALLBACK` and
// `GET /api/sessions?outcome=FALLBACK` name the same filters, accept the same values and
// fill the same SessionFilter, so a script gets the same sessions from either.

#include "trace/audit_browser.h"

#include <QStringList>

#include <vector>

namespace raglens {

struct SessionFilterParam
{
    QString name;        ///< "outcome", "session-outcome", "evidence", … "since", "text"
    QStringList allowed; ///< the accepted values; empty for free text and times
    bool isTime = false; ///< parsed by parseTimeText
    /// `allowed` lists the vocabulary's values, but a writer may record its own (an attempt
    /// or retry reason of a newer agent): any code of letters, digits and `_.:-` is accepted.
    bool openVocabulary = false;
};

/// Every filter, in the order `raglens-cli sessions --help` lists them.
const std::vector<SessionFilterParam>& sessionFilterParams();

/// The accepted values of one filter (empty for free text, times and unknown names).
QStringList sessionFilterAllowed(const QString& name);

/// Sets the filter named `name` to `value`. Returns false with the reason in `why` for an
/// unknown name, a value outside `allowed` (or, for an open vocabulary, not a code) or a
/// time parseTimeText does not read.
bool setSessionFilter(SessionFilter& filter, const QString& name, const QString& value,
                      QString& why);

} // namespace raglens
