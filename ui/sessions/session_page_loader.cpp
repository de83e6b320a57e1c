#include "sessions/session_page_loader.h"

#include "common/background_pool.h"
#include "common/logging.h"
#include "db/audit_database.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent>

namespace raglens::ui {

SessionPage loadSessionPage(AuditDatabase& db, quint64 generation, const SessionFilter& filter,
                            int offset, int limit)
{
    SessionPage page;
    page.generation = generation;
    page.offset = offset;
    AuditBrowser browser(db);
    if (offset == SessionPage::kCountOnly) {
        auto count = browser.countSessions(filter);
        if (!count)
            page.error = count.error();
        else
            page.total = *count;
        return page;
    }
    auto rows = browser.sessions(filter, offset, limit);
    if (!rows) {
        page.error = rows.error();
        return page;
    }
    page.rows = std::move(*rows);
    return page;
}

SessionPageLoader::SessionPageLoader(QObject* parent) : QObject(parent) {}

void SessionPageLoader::setDatabase(AuditDatabase* db)
{
    m_db = db;
    m_inspection = db ? db->inspection() : AuditDatabase::Inspection{};
    m_factsIndex.clear();
    const DatabaseLocation& location = m_inspection.location;
    m_threaded = db && !location.isInMemory();
}

void SessionPageLoader::request(quint64 generation, const SessionFilter& filter, int offset,
                                int limit, bool withCount)
{
    if (!m_db)
        return;
    dispatch(generation, filter, offset, limit);
    if (withCount)
        dispatch(generation, filter, SessionPage::kCountOnly, 0);
}

void SessionPageLoader::requestCount(quint64 generation, const SessionFilter& filter)
{
    if (m_db)
        dispatch(generation, filter, SessionPage::kCountOnly, 0);
}

void SessionPageLoader::dispatch(quint64 generation, const SessionFilter& filter, int offset,
                                 int limit)
{
    ++m_pending;
    if (!m_threaded) {
        // Delivered from the event loop all the same, so callers see one behaviour.
        SessionPage page = loadSessionPage(*m_db, generation, filter, offset, limit);
        QTimer::singleShot(0, this, [this, page] {
            --m_pending;
            emit pageReady(page);
        });
        return;
    }
    const QString factsIndex = m_factsIndex;
    const AuditDatabase::Inspection inspection = m_inspection;
    auto* watcher = new QFutureWatcher<SessionPage>(this);
    connect(watcher, &QFutureWatcher<SessionPage>::finished, this, [this, watcher] {
        --m_pending;
        const SessionPage page = watcher->result();
        watcher->deleteLater();
        emit pageReady(page);
    });
    watcher->setFuture(QtConcurrent::run(backgroundPool(), [=] {
        // Qt SQL connections belong to the thread that opened them: open our own.
        Expected<std::unique_ptr<AuditDatabase>> db = Error{QString()};
        if (factsIndex.isEmpty()) {
            db = AuditDatabase::openInspected(inspection);
        } else {
            DatabaseLocation index;
            index.path = factsIndex;
            db = AuditDatabase::open(index, AccessMode::Inspect);
        }
        if (!db) {
            SessionPage page;
            page.generation = generation;
            page.offset = offset;
            page.error = db.error();
            return page;
        }
        SessionPage page = loadSessionPage(**db, generation, filter, offset, limit);
        // A facts index that cannot be read (a damaged page): the database answers instead,
        // as the command line does, rather than an error where the sessions would be.
        if (!factsIndex.isEmpty() && !page.error.isEmpty()) {
            qCWarning(lcTrace) << "the facts index could not be read, reading the database:"
                               << page.error;
            if (auto direct = AuditDatabase::openInspected(inspection))
                page = loadSessionPage(**direct, generation, filter, offset, limit);
        }
        return page;
    }));
}

} // namespace raglens::ui
