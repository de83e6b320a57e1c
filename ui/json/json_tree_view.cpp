#include "json/json_tree_view.h"

#include "common/badge_colors.h"
#include "json/json_guard.h"
#include "json/json_tree_model.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSplitter>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <deque>

namespace raglens::ui {

using nlohmann::json;

// Raw text beyond this is cut: QPlainTextEdit lays out a multi-megabyte single line slowly.
static constexpr int kMaxRawChars = 1024 * 1024;
static constexpr int kPrettyDepth = 64;

JsonTreeView::JsonTreeView(QWidget* parent) : QWidget(parent), m_model(new JsonTreeModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* bar = new QHBoxLayout;
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Find key or value…"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Enter: next match, Shift+Enter: previous match"));
    bar->addWidget(m_search, 1);
    auto* prev = new QToolButton(this);
    prev->setArrowType(Qt::UpArrow);
    prev->setToolTip(tr("Previous match"));
    auto* next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match"));
    bar->addWidget(prev);
    bar->addWidget(next);
    m_status = new QLabel(this);
    bar->addWidget(m_status);
    auto* expand = new QToolButton(this);
    expand->setText(tr("Expand all"));
    auto* collapse = new QToolButton(this);
    collapse->setText(tr("Collapse all"));
    bar->addWidget(expand);
    bar->addWidget(collapse);
    layout->addLayout(bar);

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setAutoFillBackground(true);
    m_banner->setMargin(6);
    QPalette bp = m_banner->palette();
    bp.setColor(QPalette::Window, badgeBackground(Tone::Critical, palette()));
    bp.setColor(QPalette::WindowText, badgeForeground(Tone::Critical, palette()));
    m_banner->setPalette(bp);
    m_banner->hide();
    layout->addWidget(m_banner);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_tree = new QTreeView(m_splitter);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true); // cheap layout for huge documents
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::KeyColumn, QHeaderView::Interactive);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::ValueColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::TypeColumn,
                                           QHeaderView::ResizeToContents);
    m_tree->setColumnWidth(JsonTreeModel::KeyColumn, 220);
    m_raw = new QPlainTextEdit(m_splitter);
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_raw);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& t) { search(t); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (QApplication::keyboardModifiers() & Qt::ShiftModifier)
            previousMatch();
        else
            nextMatch();
    });
    connect(prev, &QToolButton::clicked, this, &JsonTreeView::previousMatch);
    connect(next, &QToolButton::clicked, this, &JsonTreeView::nextMatch);
    connect(expand, &QToolButton::clicked, this, &JsonTreeView::expandAll);
    connect(collapse, &QToolButton::clicked, this, &JsonTreeView::collapseAll);
    connect(m_tree, &QTreeView::customContextMenuRequested, this, &JsonTreeView::showContextMenu);
    auto* copy = new QShortcut(QKeySequence::Copy, m_tree, nullptr, nullptr, Qt::WidgetShortcut);
    connect(copy, &QShortcut::activated, this, [this] { copyValue(m_tree->currentIndex()); });
}

JsonTreeView::~JsonTreeView() = default;

void JsonTreeView::clear()
{
    m_error.clear();
    m_matches.clear();
    m_currentMatch = -1;
    m_banner->hide();
    m_model->clear();
    m_raw->clear();
    m_raw->setExtraSelections({});
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_status->clear();
    m_tree->show();
    m_search->setEnabled(true);
}

void JsonTreeView::setJsonText(const QString& text)
{
    clear();
    json_guard::ParsedJson parsed = json_guard::parse(text);
    if (!parsed.error.isEmpty()) {
        showError(text, parsed.error, parsed.errorOffset);
        return;
    }
    showDocument(std::move(parsed.value), QString());
}

void JsonTreeView::setJson(const json& value, const QString& raw, const QString& error)
{
    clear();
    if (!error.isEmpty()) {
        // Someone else parsed it; find the offset ourselves so the raw text can point at it.
        // The core's readers say "malformed JSON: …" already (audit_rows::parseJsonColumn()).
        const bool said = error.startsWith(tr("Malformed JSON"), Qt::CaseInsensitive) ||
                          error.startsWith(QLatin1String("malformed JSON"), Qt::CaseInsensitive);
        const QString message = said ? error : tr("Malformed JSON: %1").arg(error);
        showError(raw, message, raw.isEmpty() ? -1 : json_guard::parse(raw).errorOffset);
        return;
    }
    const int depth = json_guard::valueDepth(value);
    if (depth > json_guard::kMaxJsonDepth) {
        showError(raw,
                  tr("The JSON is nested more than %1 levels deep; only the raw text is shown.")
                      .arg(json_guard::kMaxJsonDepth),
                  -1);
        return;
    }
    if (value.is_null() && !raw.trimmed().isEmpty() && raw.trimmed() != QLatin1String("null")) {
        setJsonText(raw); // a caller that only had the text
        return;
    }
    showDocument(value, QString()); // copy is safe: depth checked above
}

void JsonTreeView::showDocument(json document, const QString& text)
{
    // Indentation grows with depth, so a pretty print of a 5,000-level document would be
    // ~50 million spaces: deep documents are shown compact.
    const bool deep = json_guard::valueDepth(document, kPrettyDepth) > kPrettyDepth;
    QString pretty = !text.isEmpty() ? text
                     : deep          ? json_guard::compactText(document)
                                     : json_guard::prettyText(document);
    if (pretty.size() > kMaxRawChars)
        pretty = pretty.left(kMaxRawChars) + QLatin1Char('\n') +
                 tr("… (%1 more characters not shown)").arg(pretty.size() - kMaxRawChars);
    m_model->setDocument(std::move(document));
    m_raw->setPlainText(pretty);
    // Open the first level: a collapsed single root row would hide everything.
    for (int r = 0; r < std::min(m_model->rowCount(), 50); ++r)
        if (m_model->rowCount(m_model->index(r, 0)) <= 20)
            m_tree->expand(m_model->index(r, 0));
}

void JsonTreeView::showError(const QString& raw, const QString& error, qint64 offset)
{
    m_error = error;
    m_banner->setText(error);
    m_banner->show();
    m_model->clear();
    QString shown = raw;
    if (shown.size() > kMaxRawChars)
        shown = shown.left(kMaxRawChars) + QLatin1Char('\n') +
                tr("… (%1 more characters not shown)").arg(raw.size() - kMaxRawChars);
    // Nothing to browse: the raw text gets the whole width, wrapped so all of it is visible.
    m_tree->hide();
    m_search->setEnabled(false);
    // (Wrapping one huge line is slow to lay out, so only ordinary rows are wrapped.)
    if (shown.size() < 20000)
        m_raw->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_raw->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_raw->setPlainText(shown.isEmpty() ? tr("(no text)") : shown);
    if (offset >= 0 && !raw.isEmpty()) {
        // The offset is in UTF-8 bytes; convert to a character position for the cursor.
        const QByteArray utf8 = raw.toUtf8();
        const int chars = int(QString::fromUtf8(utf8.left(int(offset))).size());
        QTextCursor c(m_raw->document());
        c.setPosition(std::min(chars, int(m_raw->document()->characterCount()) - 1));
        c.movePosition(QTextCursor::NextCharacter, QTextCursor::KeepAnchor);
        QTextEdit::ExtraSelection mark;
        mark.cursor = c;
        mark.format.setBackground(badgeBackground(Tone::Critical, palette()));
        mark.format.setProperty(QTextFormat::FullWidthSelection, false);
        QTextEdit::ExtraSelection line = mark;
        line.format.setProperty(QTextFormat::FullWidthSelection, true);
        line.cursor.clearSelection();
        m_raw->setExtraSelections({line, mark});
        m_raw->setTextCursor(c);
        m_raw->ensureCursorVisible();
    }
}

int JsonTreeView::search(const QString& text)
{
    m_matches = m_model->search(text.trimmed());
    m_currentMatch = -1;
    if (text.trimmed().isEmpty()) {
        m_status->clear();
        return 0;
    }
    if (m_matches.empty()) {
        m_status->setText(tr("No match"));
        return 0;
    }
    revealMatch(0);
    return int(m_matches.size());
}

void JsonTreeView::nextMatch()
{
    if (!m_matches.empty())
        revealMatch((m_currentMatch + 1) % int(m_matches.size()));
}

void JsonTreeView::previousMatch()
{
    if (!m_matches.empty())
        revealMatch((m_currentMatch - 1 + int(m_matches.size())) % int(m_matches.size()));
}

void JsonTreeView::revealMatch(int which)
{
    m_currentMatch = which;
    const std::vector<int>& rows = m_matches[size_t(which)];
    const QString count = m_matches.size() >= 1000
                              ? tr("%1 of 1000+").arg(which + 1)
                              : tr("%1 of %2").arg(which + 1).arg(m_matches.size());
    const QModelIndex target = m_model->indexForRows(rows);
    if (int(rows.size()) > kMaxRevealDepth) {
        m_status->setText(tr("%1 — too deep to expand: %2").arg(count, m_model->pathOf(target)));
        return;
    }
    // Expand ancestors top-down, one by one (no recursive expandAll).
    QModelIndex ancestor = target.parent();
    std::vector<QModelIndex> chain;
    for (; ancestor.isValid(); ancestor = ancestor.parent())
        chain.push_back(ancestor);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        m_tree->expand(*it);
    m_tree->setCurrentIndex(target);
    m_tree->scrollTo(target);
    m_status->setText(count);
}

void JsonTreeView::expandAll()
{
    // Breadth-first and bounded, so a 100,000-level document cannot exhaust the stack.
    std::deque<QModelIndex> queue{QModelIndex()};
    int expanded = 0;
    while (!queue.empty() && expanded < kExpandAllItems) {
        const QModelIndex parent = queue.front();
        queue.pop_front();
        if (parent.isValid()) {
            m_tree->expand(parent);
            ++expanded;
        }
        if (parent.isValid() && parent.data(JsonTreeModel::DepthRole).toInt() >= kExpandAllDepth)
            continue;
        const int rows = m_model->rowCount(parent);
        for (int r = 0; r < rows; ++r) {
            const QModelIndex child = m_model->index(r, 0, parent);
            if (m_model->hasChildren(child))
                queue.push_back(child);
        }
    }
    if (!queue.empty())
        m_status->setText(tr("Expanded the first %1 branches").arg(expanded));
}

void JsonTreeView::collapseAll()
{
    m_tree->collapseAll();
}

QString JsonTreeView::pathOf(const QModelIndex& index) const
{
    return m_model->pathOf(index.siblingAtColumn(0));
}

void JsonTreeView::copyPath(const QModelIndex& index)
{
    if (index.isValid())
        QGuiApplication::clipboard()->setText(pathOf(index));
}

void JsonTreeView::copyValue(const QModelIndex& index)
{
    if (index.isValid())
        QGuiApplication::clipboard()->setText(m_model->copyValueOf(index.siblingAtColumn(0)));
}

void JsonTreeView::showContextMenu(const QPoint& pos)
{
    const QModelIndex index = m_tree->indexAt(pos);
    if (!index.isValid())
        return;
    QMenu menu(this);
    menu.addAction(tr("Copy value"), this, [this, index] { copyValue(index); });
    menu.addAction(tr("Copy path"), this, [this, index] { copyPath(index); });
    menu.addSeparator();
    menu.addAction(tr("Expand all"), this, &JsonTreeView::expandAll);
    menu.addAction(tr("Collapse all"), this, &JsonTreeView::collapseAll);
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace raglens::ui
