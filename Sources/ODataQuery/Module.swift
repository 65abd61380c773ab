import ODataModel
