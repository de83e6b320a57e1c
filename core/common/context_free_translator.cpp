#include "common/context_free_translator.h"

#include "common/logging.h"

#include <QCoreApplication>
#include <QFile>
#include <QXmlStreamReader>

#include <memory>

namespace raglens {

bool ContextFreeTranslator::loadTs(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.readNextStartElement() && !xml.atEnd()) {
    }
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            const bool finished = type.isEmpty();
            QString text;
            QString firstForm;
            // Plain translations hold text; numerus ones hold <numerusform> children, and
            // Chinese has a single plural form, so the first one serves every count.
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                    const QString form = xml.readElementText();
                    if (firstForm.isEmpty())
                        firstForm = form;
                } else if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                    break;
            }
            const QString translation = firstForm.isEmpty() ? text : firstForm;
            if (finished && !source.isEmpty() && !translation.isEmpty())
                m_translations.insert(source, translation);
            source.clear();
        }
    }
    if (xml.hasError()) {
        qCWarning(lcUi) << "cannot read translations" << path << xml.errorString();
        return false;
    }
    return true;
}

QString ContextFreeTranslator::translate(const char*, const char* sourceText, const char*,
                                         int) const
{
    return m_translations.value(QString::fromUtf8(sourceText));
}

static std::vector<std::unique_ptr<QTranslator>>& installed()
{
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

void removeRagLensTranslators()
{
    for (auto& t : installed())
        QCoreApplication::removeTranslator(t.get());
    installed().clear();
}

bool installRagLensTranslators(const QString& locale, const QString& qmPath)
{
    removeRagLensTranslators();
    const QString ts = QStringLiteral(":/raglens/translations/raglens_%1.ts").arg(locale);
    if (!QFile::exists(ts))
        return false;
    // Translators installed later are asked first: fallback first, exact .qm second.
    auto fallback = std::make_unique<ContextFreeTranslator>();
    if (fallback->loadTs(ts) && !fallback->isEmpty()) {
        QCoreApplication::installTranslator(fallback.get());
        installed().push_back(std::move(fallback));
    }
    if (!qmPath.isEmpty()) {
        auto exact = std::make_unique<QTranslator>();
        if (exact->load(qmPath)) {
            QCoreApplication::installTranslator(exact.get());
            installed().push_back(std::move(exact));
        }
    }
    return !installed().empty();
}

} // namespace raglens
