"""JSON that is safe inside an HTML ``<script>`` element, whatever its strings hold."""

from __future__ import annotations

# Outside strings JSON has none of these characters, so escaping them in the text is exact.
_ESCAPES = str.maketrans(
    {
        "<": "\\u003c",  # no '</script', '<!--' or '<script' can reach the HTML parser
        ">": "\\u003e",
        "&": "\\u0026",
        "\u2028": "\\u2028",  # line terminators in older JavaScript
        "\u2029": "\\u2029",
    }
)


def escape_script_json(json_text: str) -> str:
    """``json_text`` with ``< > &`` and U+2028/U+2029 written as ``\\uXXXX`` escapes.

    The result parses to the same value, and no HTML parser state (script data, escaped,
    double escaped) can end or change inside it.
    """
    return json_text.translate(_ESCAPES)
