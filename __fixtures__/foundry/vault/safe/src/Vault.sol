// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "./tokens/ERC20.sol";
import {FixedPointMath} from "./utils/FixedPointMath.sol";
import {SafeTransferLib} from "./utils/SafeTransferLib.sol";

/// @title Vault
/// @notice Shares of one ERC-20 asset, in the shape of ERC-4626. The vault counts the assets
/// deposited into it (`totalAssets`) instead of reading its balance, so tokens sent to it or
/// burned from it from outside cannot move the share price.
contract Vault is ERC20 {
    using FixedPointMath for uint256;
    using SafeTransferLib for ERC20;

    event Deposit(address indexed caller, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(
        address indexed caller, address indexed receiver, address indexed owner, uint256 assets, uint256 shares
    );

    error ZeroShares();
    error ZeroAssets();

    ERC20 public immutable asset;

    /// @notice Assets deposited and not yet withdrawn.
    uint256 public totalAssets;

    constructor(ERC20 _asset)
        ERC20(string.concat("Vault ", _asset.name()), string.concat("v", _asset.symbol()), _asset.decimals())
    {
        asset = _asset;
    }

    function deposit(uint256 assets, address receiver) public returns (uint256 shares) {
        // previewDeposit rounds down: a deposit too small for one share is refused.
        if ((shares = previewDeposit(assets)) == 0) revert ZeroShares();

        asset.safeTransferFrom(msg.sender, address(this), assets);
        totalAssets += assets;
        _mint(receiver, shares);

        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function mint(uint256 shares, address receiver) public returns (uint256 assets) {
        assets = previewMint(shares); // Rounds up, so the vault is never short.

        asset.safeTransferFrom(msg.sender, address(this), assets);
        totalAssets += assets;
        _mint(receiver, shares);

        emit Deposit(msg.sender, receiver, assets, shares);
    }

    function withdraw(uint256 assets, address receiver, address owner) public returns (uint256 shares) {
        shares = previewWithdraw(assets); // Rounds up, so the vault is never short.
        // Effects before the external call.
        totalAssets -= assets;
        if (msg.sender != owner) _spendAllowance(owner, msg.sender, shares);

        _burn(owner, shares);
        emit Withdraw(msg.sender, receiver, owner, assets, shares);

        asset.safeTransfer(receiver, assets);
    }

    function redeem(uint256 shares, address receiver, address owner) public returns (uint256 assets) {
        if (msg.sender != owner) _spendAllowance(owner, msg.sender, shares);
        // previewRedeem rounds down: redeeming too few shares for one asset is refused.
        if ((assets = previewRedeem(shares)) == 0) revert ZeroAssets();
        // Effects before the external call.
        totalAssets -= assets;

        _burn(owner, shares);
        emit Withdraw(msg.sender, receiver, owner, assets, shares);

        asset.safeTransfer(receiver, assets);
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        uint256 supply = totalSupply;
        if (supply == 0) return assets; // The first deposit sets the price: one share per asset.
        return assets.mulDivDown(supply, totalAssets);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? shares : shares.mulDivDown(totalAssets, supply);
    }

    function previewDeposit(uint256 assets) public view returns (uint256) {
        return convertToShares(assets);
    }

    function previewMint(uint256 shares) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? shares : shares.mulDivUp(totalAssets, supply);
    }

    function previewWithdraw(uint256 assets) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? assets : assets.mulDivUp(supply, totalAssets);
    }

    function previewRedeem(uint256 shares) public view returns (uint256) {
        return convertToAssets(shares);
    }

    function maxWithdraw(address owner) public view returns (uint256) {
        return convertToAssets(balanceOf[owner]);
    }

    function maxRedeem(address owner) public view returns (uint256) {
        return balanceOf[owner];
    }
}
