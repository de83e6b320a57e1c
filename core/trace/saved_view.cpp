#include "trace/saved_view.h"

#include "common/time_text.h"
#include "trace/session_filter_params.h"

#include <QCoreApplication>
#include <QSettings>
#include <QUrlQuery>

namespace raglens {

namespace {

const QString kPrefix = QStringLiteral("raglens-view:?");

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(SavedView)
};

} // namespace

Expected<SavedView> SavedView::make(const QString& name,
                                    const QList<QPair<QString, QString>>& filters)
{
    SavedView view;
    view.name = name.trimmed();
    if (view.name.isEmpty())
        return Error{Tr::tr("A view needs a name.")};
    if (view.name.size() > 80)
        return Error{Tr::tr("A view's name is at most 80 characters.")};
    SessionFilter probe;
    // Kept in the order the filters are listed everywhere else, each once.
    for (const SessionFilterParam& param : sessionFilterParams()) {
        for (const auto& [key, value] : filters) {
            if (key != param.name || value.trimmed().isEmpty())
                continue;
            QString why;
            if (!setSessionFilter(probe, key, value.trimmed(), why))
                return Error{Tr::tr("The view \"%1\": %2").arg(view.name, why)};
            view.filters.append({key, value.trimmed()});
            break;
        }
    }
    for (const auto& [key, value] : filters) {
        bool known = false;
        for (const SessionFilterParam& param : sessionFilterParams())
            known = known || param.name == key;
        if (!known)
            return Error{
                Tr::tr("The view \"%1\" has an unknown filter \"%2\".").arg(view.name, key)};
    }
    return view;
}

Expected<SessionFilter> SavedView::toFilter(const QDateTime& now) const
{
    SessionFilter filter;
    for (const auto& [key, value] : filters) {
        QString why;
        const bool relative = !value.isEmpty() && !value.contains(QLatin1Char('-')) &&
                              !value.contains(QLatin1Char(':'));
        if (relative && (key == QLatin1String("since") || key == QLatin1String("until"))) {
            // An age counts back from `now`, the moment the view is applied.
            QDateTime at;
            if (!parseTimeText(value, at))
                return Error{Tr::tr("The view \"%1\": '%2' is not a time.").arg(name, value)};
            const QDateTime t = now.addMSecs(at.msecsTo(QDateTime::currentDateTimeUtc()) * -1);
            (key == QLatin1String("since") ? filter.since : filter.until) = t;
            continue;
        }
        if (!setSessionFilter(filter, key, value, why))
            return Error{Tr::tr("The view \"%1\": %2").arg(name, why)};
    }
    return filter;
}

QString SavedView::toText() const
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("name"), name);
    for (const auto& [key, value] : filters)
        query.addQueryItem(key, value);
    return kPrefix + query.toString(QUrl::FullyEncoded);
}

Expected<SavedView> SavedView::fromText(const QString& text)
{
    const QString line = text.trimmed();
    if (!line.startsWith(kPrefix))
        return Error{Tr::tr("Not a RagLens view: it should start with \"%1\".").arg(kPrefix)};
    if (line.size() > 4000)
        return Error{Tr::tr("Not a RagLens view: it is too long.")};
    const QUrlQuery query(line.mid(kPrefix.size()));
    QString name;
    QList<QPair<QString, QString>> filters;
    for (const auto& [key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("name"))
            name = value;
        else
            filters.append({key, value});
    }
    return make(name, filters);
}

QList<SavedView> loadSavedViews(const std::function<QVariant(const QString& key)>& value)
{
    const QString group = QLatin1String(kSavedViewsGroup);
    QList<SavedView> views;
    const int n = value(group + QLatin1String("/size")).toInt();
    for (int i = 1; i <= n; ++i) {
        // A view edited by hand into nonsense is skipped, not allowed to break the others.
        if (auto view = SavedView::fromText(
                value(QStringLiteral("%1/%2/text").arg(group).arg(i)).toString()))
            views.append(*view);
    }
    return views;
}

QList<SavedView> loadSavedViews(QSettings& settings)
{
    return loadSavedViews([&](const QString& key) { return settings.value(key); });
}

QList<QPair<QString, QVariant>> savedViewKeys(const QList<SavedView>& views)
{
    const QString group = QLatin1String(kSavedViewsGroup);
    QList<QPair<QString, QVariant>> keys;
    for (int i = 0; i < views.size(); ++i)
        keys.append({QStringLiteral("%1/%2/text").arg(group).arg(i + 1), views[i].toText()});
    keys.append({group + QLatin1String("/size"), int(views.size())});
    return keys;
}

void storeSavedViews(QSettings& settings, const QList<SavedView>& views)
{
    settings.remove(QLatin1String(kSavedViewsGroup));
    for (const auto& [key, value] : savedViewKeys(views))
        settings.setValue(key, value);
}

std::unique_ptr<QSettings> guiSettings()
{
    return std::make_unique<QSettings>(QStringLiteral("RagLens"), QStringLiteral("raglens"));
}

} // namespace raglens
