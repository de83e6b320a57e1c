#pragma once
// Small painted icons, one per JSON type, so the tree reads at a glance on any style
// (QStyle's standard icons have nothing that means "number" or "boolean").

#include <QIcon>

#include <nlohmann/json.hpp>

namespace raglens::ui::json_icons {

QIcon iconFor(const nlohmann::json& value);

} // namespace raglens::ui::json_icons
