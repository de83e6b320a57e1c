#pragma once
// A saved view: a named set of session filters (the same names and values as
// `raglens-cli sessions` options and GET /api/sessions parameters), kept as texts so a
// relative time window ("since=24h") stays relative when the view is recalled tomorrow.
// A view travels as one short line a colleague can paste:
//   raglens-view:?name=Morning%20fallbacks&outcome=FALLBACK&since=24h
// Views live in the user's settings (group "views"), where the GUI saves them and
// `raglens-cli sessions --view NAME` reads them.

#include "common/error.h"
#include "trace/audit_browser.h"

#include <QList>
#include <QPair>
#include <QString>

class QSettings;

namespace raglens {

struct SavedView
{
    QString name;
    QList<QPair<QString, QString>> filters; ///< (filter name, value), in the CLI's order

    /// The filter it stands for now (relative times counted back from `now`).
    Expected<SessionFilter> toFilter(const QDateTime& now = QDateTime::currentDateTimeUtc()) const;
    /// The shareable line.
    QString toText() const;
    /// Reads a shared line back, checking every filter name and value (and the name).
    static Expected<SavedView> fromText(const QString& text);
    /// A view from filters given as (name, value) pairs, checked the same way.
    static Expected<SavedView> make(const QString& name,
                                    const QList<QPair<QString, QString>>& filters);
};

/// The views saved in `settings` (group "views"), in the order they were saved.
QList<SavedView> loadSavedViews(QSettings& settings);
/// Replaces the saved views in `settings`.
void storeSavedViews(QSettings& settings, const QList<SavedView>& views);
/// The settings the GUI keeps (organisation RagLens, application raglens), for the CLI.
std::unique_ptr<QSettings> guiSettings();

} // namespace raglens
