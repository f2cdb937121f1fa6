"""Writes the .xlsx fixtures beside this script (run by hand: `python3 make_fixtures.py`; tests
only read its output). Needs openpyxl, a real spreadsheet writer (it writes strings inline);
the shared-strings workbook (laid out as Excel writes one), the hostile archives and the
hand-made ones are written with zipfile. The *_libreoffice.xlsx workbooks come from LibreOffice
instead (see README.md)."""
import datetime
import zipfile

from openpyxl import Workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.utils.datetime import CALENDAR_MAC_1904


def guests():
    book = Workbook()
    sheet = book.active
    sheet.title = "Guests"
    sheet.append(["First Name", "Last Name", "Email", "Table", "Plus One", "Phone"])
    sheet.append(["Ana", "Lopez", "ana@example.com", 3, True, 5551234])
    sheet.append(["Zoë", "Ng", None, 4, False, "+1 555 0100"])  # C3 is missing
    sheet.append([CellRichText(TextBlock(InlineFont(b=True), "Sam"), ", Jr."), "Park", "sam@example.com", None, None, None])
    friends = book.create_sheet("Zoë's <Friends> & \"Co\"")
    friends.append(["Full Name", "Email"])
    friends.append(["Émile O'Brien", "emile@example.com"])
    book.save("guests.xlsx")


def bad_guests():
    book = Workbook()
    sheet = book.active
    sheet.append(["First Name", "Last Name", "Email"])
    sheet.append(["Good", "Person", "good@example.com"])
    sheet.append(["Also", "Good", "also@example.com"])
    sheet.append(["Bad", "Address", "bob@"])
    book.save("bad_guests.xlsx")


def expenses():
    book = Workbook()
    sheet = book.active
    sheet.title = "Budget"
    sheet.append(["Category", None, "Description", "Amount", "Due Date", "Status"])
    sheet.merge_cells("A1:B1")  # a merged header names its first column only
    sheet.append(["Venue", "ignored", "Deposit", 1500.5, datetime.date(2026, 4, 1), "paid"])
    sheet.append(["Venue", None, "Balance", 1200, datetime.date(2026, 9, 12), "pending"])
    sheet["E3"].number_format = "mm-dd-yy"  # built-in date format 14
    book.save("expenses.xlsx")


def expenses_1904():
    book = Workbook()
    book.epoch = CALENDAR_MAC_1904
    sheet = book.active
    sheet.append(["Category", "Description", "Amount", "Due Date"])
    sheet.append(["Venue", "Deposit", 10, datetime.date(2026, 4, 1)])
    book.save("expenses_1904.xlsx")


def vendors():
    book = Workbook()
    sheet = book.active
    sheet.append(["Vendor Name", "Email", "Phone"])
    sheet.append(["Grand Hall", "events@grandhall.example", "555 0199"])
    book.save("vendors.xlsx")


CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/></Types>"""
RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
</Relationships>"""
WORKBOOK = """<?xml version="1.0" encoding="UTF-8"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"""


def archive(name, sheet, shared_strings=None):
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", CONTENT_TYPES)
        book.writestr("xl/workbook.xml", WORKBOOK)
        book.writestr("xl/_rels/workbook.xml.rels", RELS)
        book.writestr("xl/worksheets/sheet1.xml", sheet)
        if shared_strings:
            book.writestr("xl/sharedStrings.xml", shared_strings)


def shared():
    # Shared strings, one of them rich text with a phonetic guide, as Excel writes them.
    archive("shared_strings.xlsx", """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>
<row r="2" spans="1:3"><c r="A2" t="s"><v>3</v></c><c r="B2" t="s"><v>4</v></c><c r="C2" t="b"><v>1</v></c></row>
<row r="3" spans="1:3"><c r="A3" t="s"><v>5</v></c><c r="B3" t="s"><v>4</v></c><c r="C3" t="str"><f>FALSE()</f><v>FALSE</v></c></row>
</sheetData></worksheet>""", """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="6" uniqueCount="6">
<si><t>First Name</t></si><si><t>Last Name</t></si><si><t>Plus One</t></si>
<si><r><rPr><b/><sz val="11"/></rPr><t>Ha</t></r><r><t xml:space="preserve">ru </t></r><r><t>Ko</t></r></si>
<si><t>Sato</t><rPh sb="0" eb="2"><t>サトウ</t></rPh></si>
<si><t>Yuki</t></si>
</sst>""")


def inline():
    # Inline strings, no shared strings or styles, cells with and without addresses.
    archive("inline.xlsx", """<?xml version="1.0" encoding="UTF-8"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c t="inlineStr"><is><t>First Name</t></is></c><c t="inlineStr"><is><t>Last Name</t></is></c><c r="D1" t="inlineStr"><is><t>Table</t></is></c></row>
<row r="3"><c r="A3" t="inlineStr"><is><r><t xml:space="preserve">Li </t></r><r><t>Wei</t></r></is></c><c r="B3" t="inlineStr"><is><t>Chen</t></is></c><c r="D3"><v>7</v></c></row>
</sheetData></worksheet>""")


def bomb():
    # 60 MB of spaces that deflate to about 60 KB.
    padding = " " * (60 << 20)
    archive("bomb.xlsx", '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
            + padding + "</sheetData></worksheet>")


def doctype():
    archive("doctype.xlsx", """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE worksheet [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c t="inlineStr"><is><t>First Name</t></is></c></row>
<row r="2"><c t="inlineStr"><is><t>&secret;</t></is></c></row>
</sheetData></worksheet>""")


def plus_ones():
    # A plus-one's meal and dietary needs; then a plus-one named and coming though not allowed.
    header = ('<row r="1"><c r="A1" t="inlineStr"><is><t>First Name</t></is></c>'
              '<c r="B1" t="inlineStr"><is><t>Plus One Allowed</t></is></c>'
              '<c r="C1" t="inlineStr"><is><t>Plus One Name</t></is></c>'
              '<c r="D1" t="inlineStr"><is><t>Plus One Attending</t></is></c>'
              '<c r="E1" t="inlineStr"><is><t>Plus One Meal Option</t></is></c>'
              '<c r="F1" t="inlineStr"><is><t>Plus One Dietary Restrictions</t></is></c></row>')
    sheet = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{}</sheetData></worksheet>'
    ana = ('<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="B2" t="b"><v>1</v></c>'
           '<c r="C2" t="inlineStr"><is><t>Jo</t></is></c><c r="D2" t="b"><v>1</v></c>'
           '<c r="E2" t="inlineStr"><is><t>fish</t></is></c><c r="F2" t="inlineStr"><is><t>no nuts</t></is></c></row>')
    ben = ('<row r="3"><c r="A3" t="inlineStr"><is><t>Ben</t></is></c><c r="B3" t="b"><v>0</v></c>'
           '<c r="C3" t="inlineStr"><is><t>Sam</t></is></c><c r="D3" t="b"><v>1</v></c></row>')
    archive("plus_ones.xlsx", sheet.format(header + ana))
    archive("plus_ones_not_allowed.xlsx", sheet.format(header + ana + ben))


def titled_guests():
    # As people lay sheets out: a title (merged across the columns) and a blank row above the header.
    book = Workbook()
    sheet = book.active
    sheet.title = "Guests"
    sheet.append(["Guest list 2027", None, None])
    sheet.merge_cells("A1:C1")
    sheet.append([])
    sheet.append(["First Name", "Last Name", "Email"])
    sheet.append(["Ana", "Lopez", "ana@example.com"])
    sheet.append(["Ben", "Okafor", "bad@"])
    book.save("titled_guests.xlsx")


guests()
shared()
bad_guests()
expenses()
expenses_1904()
vendors()
inline()
bomb()
doctype()
plus_ones()
titled_guests()
