// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of RevertProperty.sol: only an address no sender holds may unlock, so the property
/// always reverts, which Echidna's rule counts as holding.
contract RevertPropertySafe {
    bool public open;

    function unlock(uint256 code) external {
        if (code == 0x5eed && msg.sender == address(0xdead)) open = true;
    }

    function echidna_revert_sealed() external view returns (bool) {
        require(open, "sealed");
        return true;
    }
}
