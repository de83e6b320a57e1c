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
#include <QVariant>

#include <functional>

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

/// The group the views are saved under, as QSettings writes an array: "views/size" and
/// "views/1/text", "views/2/text", ...
inline constexpr char kSavedViewsGroup[] = "views";

/// The views saved under kSavedViewsGroup, in the order they were saved, read through
/// `value` (a settings key → its value).
QList<SavedView> loadSavedViews(const std::function<QVariant(const QString& key)>& value);
QList<SavedView> loadSavedViews(QSettings& settings);
/// The keys and values that save `views` once kSavedViewsGroup is emptied.
QList<QPair<QString, QVariant>> savedViewKeys(const QList<SavedView>& views);
/// Replaces the saved views in `settings`.
void storeSavedViews(QSettings& settings, const QList<SavedView>& views);
/// The settings the GUI keeps (organisation RagLens, application raglens), for the CLI.
std::unique_ptr<QSettings> guiSettings();

} // namespace raglens
