// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Every argument shape a reproducer writes, in the constructor and in a call: address[], a struct
// holding an address payable, a nested array, bytes, an address payable, a fixed array in a dynamic
// one. Safe twin of Payroll.sol: pay() requires the share to be at most 100, as the constructor does.
contract PayrollSafe {
    struct Terms {
        address payable treasury;
        uint8 share;
    }

    address[] public payees;
    Terms public terms;
    uint256[][] public schedule;
    bytes public memo;
    address payable public refundTo;
    uint256 public paid;

    constructor(address[] memory payees_, Terms memory terms_, uint256[][] memory schedule_, bytes memory memo_, address payable refundTo_) {
        require(terms_.share <= 100, "share over 100");
        payees = payees_;
        terms = terms_;
        schedule = schedule_;
        memo = memo_;
        refundTo = refundTo_;
    }

    function pay(address[] calldata to, Terms calldata t, uint256[2][] calldata amounts, bytes calldata note, address payable refund) external {
        require(t.share <= 100, "share over 100");
        paid += to.length + amounts.length + note.length + (refund == address(0) ? 0 : 1);
    }
}
