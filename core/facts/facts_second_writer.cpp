#include "facts/facts_second_writer.h"

#include "db/sqlite_tuning.h"

#include <QFile>
#include <QUrl>

namespace raglens::facts_index {

using facts_store::Connection;

Expected<std::unique_ptr<SecondWriter>> SecondWriter::prepare(Connection& facts,
                                                              const QString& path,
                                                              const QString& alias,
                                                              const Work& createTables)
{
    std::unique_ptr<SecondWriter> writer(new SecondWriter(facts, path, alias));
    QFile::remove(path);
    {
        auto opened = Connection::open(path);
        if (!opened)
            return Error{opened.error()};
        if (Status s = createTables(**opened); !s)
            return Error{s.error()};
    }
    if (Status s = facts.exec(QStringLiteral("ATTACH DATABASE ? AS %1").arg(alias), {path}); !s)
        return Error{s.error()};
    writer->m_attached = true;
    return writer;
}

QString SecondWriter::readOnlyUri(const QString& path)
{
    return QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded) + QStringLiteral("?mode=ro");
}

SecondWriter::SecondWriter(Connection& facts, QString path, QString alias)
    : m_facts(facts), m_path(std::move(path)), m_alias(std::move(alias)),
      m_ended(m_end.get_future())
{}

SecondWriter::~SecondWriter()
{
    cancel();
    finish();
    QFile::remove(m_path);
}

Status SecondWriter::start(const QString& sourceUri, Work work, Reading reading)
{
    std::future<QString> begun = m_reading.get_future();
    m_thread = std::thread([this, sourceUri, work = std::move(work), reading] {
        runOnThread(sourceUri, work, reading);
    });
    if (const QString error = begun.get(); !error.isEmpty())
        return Error{error};
    return ok();
}

void SecondWriter::runOnThread(const QString& sourceUri, const Work& work, Reading reading)
{
    bool readingSet = false;
    const auto end = [&](const QString& error) {
        if (!readingSet)
            m_reading.set_value(error);
        m_end.set_value(error);
    };
    auto opened = Connection::open(m_path);
    if (!opened)
        return end(opened.error());
    Connection& second = **opened;
    QStringList statements = {QStringLiteral("PRAGMA journal_mode=OFF"),
                              QStringLiteral("PRAGMA synchronous=OFF"),
                              QStringLiteral("ATTACH DATABASE ? AS src")};
    if (reading == Reading::OneSnapshot)
        statements << QStringLiteral("BEGIN")
                   << QStringLiteral("SELECT count(*) FROM src.sqlite_master");
    for (const QString& sql : statements) {
        const QVariantList binds =
            sql.contains(QLatin1Char('?')) ? QVariantList{sourceUri} : QVariantList{};
        if (Status s = second.exec(sql, binds); !s)
            return end(s.error());
    }
    m_reading.set_value(QString());
    readingSet = true;
    Status s = work(second);
    if (s && reading == Reading::OneSnapshot)
        s = second.exec(QStringLiteral("COMMIT"));
    end(s ? QString() : s.error());
}

bool SecondWriter::endedWithin(std::chrono::milliseconds timeout)
{
    return m_outcome || !m_thread.joinable() ||
           m_ended.wait_for(timeout) == std::future_status::ready;
}

Status SecondWriter::wait()
{
    if (m_thread.joinable()) {
        m_thread.join();
        m_outcome = m_ended.get();
    }
    if (m_outcome && !m_outcome->isEmpty())
        return Error{*m_outcome};
    return ok();
}

void SecondWriter::cancel()
{
    m_stop = true;
    wait();
}

void SecondWriter::finish()
{
    if (m_attached && m_facts.exec(QStringLiteral("DETACH DATABASE %1").arg(m_alias)))
        m_attached = false;
}

bool SecondCoreStep::parallel()
{
    return sqlite_tuning::connectionsRunInParallel();
}

} // namespace raglens::facts_index
