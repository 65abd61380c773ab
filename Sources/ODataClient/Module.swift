import ODataModel
import ODataQuery
import CCurl
import CLibXML2
